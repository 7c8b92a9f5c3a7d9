import type { SiteSettings } from "../content/index.ts";

/**
 * Link placeholders: content writes `{{demo}}` instead of a URL so links follow site settings.
 * The build resolves them in Markdown bodies before rendering, e.g. `[Book a demo]({{demo}})`
 * or `[Start]({{signup}}?plan=plus)`. Documented for writers in docs/content.md.
 */

export type PlaceholderSettings = Pick<
  SiteSettings,
  "demoUrl" | "signupPlusUrl" | "loginUrl" | "supportEmail" | "appUrl"
>;

/** Placeholder name → its URL, for every name writers may use. */
export const LINK_PLACEHOLDERS: Readonly<
  Record<string, (settings: PlaceholderSettings) => string>
> = {
  demo: (settings) => settings.demoUrl,
  signup: (settings) => settings.signupPlusUrl,
  login: (settings) => settings.loginUrl,
  app: (settings) => settings.appUrl,
  support: (settings) => `mailto:${settings.supportEmail}`,
  // In-page hashes the shell turns into chat-widget actions (see src/shell/hash-links.ts).
  chat: () => "#contact-us",
  answers: () => "#open-beacon",
};

// `{{ name }}` optionally followed by a query string, which stops at whitespace, `)`, quotes,
// `<`, `>` or a `#`.
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}(\?[^\s)"'<>#]*)?/g;

/** Appends a query string to a URL, merging with a query it already has and keeping its hash. */
export function appendQuery(url: string, query: string): string {
  const params = query.replace(/^\?/, "");
  if (params === "") return url;
  const hashAt = url.indexOf("#");
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const separator = base.includes("?")
    ? base.endsWith("?") || base.endsWith("&")
      ? ""
      : "&"
    : "?";
  return `${base}${separator}${params}${hash}`;
}

/**
 * Replaces every `{{name}}` with its URL, keeping a query string written right after it.
 * Throws on an unknown name so a typo fails the build instead of shipping a broken link;
 * the caller adds the file name to the message.
 */
export function resolveLinkPlaceholders(text: string, settings: PlaceholderSettings): string {
  return text.replace(PLACEHOLDER, (_match, name: string, query: string | undefined) => {
    const resolve = LINK_PLACEHOLDERS[name];
    if (!resolve) {
      const known = Object.keys(LINK_PLACEHOLDERS).join(", ");
      throw new Error(`Unknown link placeholder {{${name}}}. Use one of: ${known}.`);
    }
    return appendQuery(resolve(settings), query ?? "");
  });
}
