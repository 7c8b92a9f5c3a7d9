/**
 * Which URLs render as plain anchors rather than client-side links: anything with `//`
 * (another host; the spec's footer rule), a scheme such as `mailto:`, or an in-page hash
 * (the hash-link handler takes those).
 */
export function isPlainAnchorUrl(url: string): boolean {
  return url.includes("//") || url.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(url);
}
