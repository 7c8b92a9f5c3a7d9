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
// `<`, `>` or a `#`. Sticky: tried only where a `{{` is (resolveLinkPlaceholders).
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}(\?[^\s)"'<>#]*)?/y;

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
  // Found with indexOf, then matched where they start: a global replace ran the pattern along
  // every character of every body, 7 µs for a 2,000-character post against 0.6 µs, and
  // 10,000 posts' bodies are resolved on the build's own thread before any page renders.
  let at = text.indexOf("{{");
  if (at === -1) return text;
  let resolved = "";
  let copiedTo = 0;
  while (at !== -1) {
    PLACEHOLDER.lastIndex = at;
    const match = PLACEHOLDER.exec(text);
    if (!match) {
      // Not a placeholder here (`{{{demo}}` has one a character on).
      at = text.indexOf("{{", at + 1);
      continue;
    }
    const [, name, query] = match as unknown as [string, string, string | undefined];
    const resolve = LINK_PLACEHOLDERS[name];
    if (!resolve) {
      const known = Object.keys(LINK_PLACEHOLDERS).join(", ");
      throw new Error(`Unknown link placeholder {{${name}}}. Use one of: ${known}.`);
    }
    resolved += text.slice(copiedTo, at) + appendQuery(resolve(settings), query ?? "");
    copiedTo = PLACEHOLDER.lastIndex;
    at = text.indexOf("{{", copiedTo);
  }
  return resolved + text.slice(copiedTo);
}
