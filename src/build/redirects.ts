/**
 * content/redirects.json at build time: every target must be a route of the site (or an
 * absolute URL), no source may shadow a route, and the rules are written for the server
 * (redirects.json) and for static hosts (`_redirects`, Netlify's format).
 */
import { normalizePathname, type RedirectRule } from "../protocol/index.ts";
import { JOBS_PATH, jobPath } from "../templates/index.ts";
import type { RedirectEntries } from "./collections.ts";
import type { SiteContent } from "./content.ts";
import { ContentError } from "./content-error.ts";

/** Netlify-style `_redirects` file the build writes for static hosts. */
export const STATIC_HOST_REDIRECTS_FILE = "_redirects";

/**
 * content/redirects.json, then one 301 per closed job (named by its own file) to the openings
 * page, so a link to a filled role lands on the open ones instead of a 404.
 */
export function siteRedirects(content: Pick<SiteContent, "redirects" | "jobs">): RedirectEntries[] {
  const closed = content.jobs
    .filter((job) => job.frontMatter.closed)
    .map((job) => ({
      file: job.file,
      entries: [
        {
          from: jobPath(job.slug),
          to: JOBS_PATH,
          status: 301 as const,
        },
      ],
    }));
  return [content.redirects, ...closed];
}

export function checkRedirects(
  sets: readonly RedirectEntries[],
  routePaths: ReadonlySet<string>,
  /** The site's address: a target written as a full URL on it is checked as its path. */
  siteUrl: string,
): void {
  const sources = new Map<string, string>();
  for (const redirects of sets) checkRedirectSet(redirects, routePaths, sources, siteUrl);
}

/**
 * A target's path on this site (`/x/`, or `https://site/x/`), else null: another site's. A
 * target starting with `/` is a path, `//host/` too, as it always was here: a page it is not.
 */
function pathOnSite(to: string, siteUrl: string): string | null {
  if (to.startsWith("/")) return to;
  try {
    const url = new URL(to);
    return url.origin === new URL(siteUrl).origin ? url.pathname : null;
  } catch {
    return null;
  }
}

function checkRedirectSet(
  redirects: RedirectEntries,
  routePaths: ReadonlySet<string>,
  sources: Map<string, string>,
  siteUrl: string,
): void {
  const problems: string[] = [];
  redirects.entries.forEach((entry, index) => {
    const from = normalizePathname(entry.from);
    if (routePaths.has(from)) {
      problems.push(
        `field "[${index}].from": ${entry.from} is a page of the site; remove the page or the redirect`,
      );
    }
    const clash = sources.get(from);
    if (clash !== undefined) {
      problems.push(`field "[${index}].from": ${entry.from} is already redirected by ${clash}`);
    }
    sources.set(from, `${redirects.file} entry [${index}]`);
    // A full URL on the site's own address is a path of it: it must be a page, so that no
    // redirect leads to another redirect or back to itself.
    const path = entry.to ? pathOnSite(entry.to, siteUrl) : null;
    if (path !== null && !routePaths.has(normalizePathname(path))) {
      problems.push(`field "[${index}].to": ${entry.to} is not a page of the site`);
    }
  });
  if (problems.length > 0) throw new ContentError(redirects.file, problems);
}

export function redirectRules(sets: readonly RedirectEntries[]): RedirectRule[] {
  return sets
    .flatMap((redirects) => redirects.entries)
    .map((entry) => ({
      from: entry.from,
      to: entry.to ?? null,
      status: entry.status,
    }));
}

/**
 * `_redirects`: one `from to status` line per rule, both slash forms of a directory path so
 * hosts that match exactly still catch `/old`; a 410 answers with the 404 page's HTML.
 */
export function staticHostRedirects(rules: readonly RedirectRule[], notFoundPage: string): string {
  const lines: string[] = [];
  for (const rule of rules) {
    const target = rule.to ?? notFoundPage;
    const froms =
      rule.from.endsWith("/") && rule.from !== "/"
        ? [rule.from.slice(0, -1), rule.from]
        : [rule.from];
    for (const from of froms) lines.push(`${from}  ${target}  ${rule.status}`);
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}
