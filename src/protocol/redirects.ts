import { normalizePathname } from "./page-path.ts";

/**
 * The redirects file the build writes beside match-paths.json: old path → new location and
 * status. The server and the dev server answer from it; static hosts get `_redirects`.
 */
export const REDIRECTS_URL = "/redirects.json";
export const REDIRECTS_FILE = REDIRECTS_URL.slice(1);
/** The status of a page that is gone for good: answered with the 404 page's HTML. */
export const GONE_STATUS = 410;

export interface RedirectRule {
  from: string;
  /** A site path or an absolute URL; null for 410 gone. */
  to: string | null;
  status: 301 | 302 | 308 | 410;
}

const STATUSES = new Set([301, 302, 308, GONE_STATUS]);

export function parseRedirects(json: unknown, source = REDIRECTS_FILE): RedirectRule[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array of {from, to, status}`);
  return json.map((entry: unknown, index) => {
    const record = entry as Partial<Record<string, unknown>> | null;
    const { from, to, status } = record ?? {};
    const valid =
      typeof from === "string" &&
      from.startsWith("/") &&
      typeof status === "number" &&
      STATUSES.has(status) &&
      (status === GONE_STATUS ? to === null : typeof to === "string" && to !== "");
    if (!valid) {
      throw new Error(
        `${source}[${index}]: expected {from, to, status}, got ${JSON.stringify(entry)}`,
      );
    }
    return { from, to, status } as RedirectRule;
  });
}

/** The rule for a pathname, compared as pages are (`/old` and `/old/` are one page). */
export function findRedirect(
  pathname: string,
  rules: readonly RedirectRule[],
): RedirectRule | undefined {
  const path = normalizePathname(pathname);
  return rules.find((rule) => normalizePathname(rule.from) === path);
}
