/**
 * The site-internal links written in Markdown or HTML text: what the link check (link-check.ts)
 * verifies, and what the post cache keeps of each post (post-cache.ts) so that a rebuild checks
 * an unchanged post's links without reading its file.
 */

/**
 * Each kind of link with what it must contain to be there at all: a pattern runs only on text
 * that has it (most bodies have no reference link and no raw HTML).
 */
const LINK_PATTERNS: ReadonlyArray<{ marker: string; pattern: RegExp }> = [
  { marker: "](", pattern: /\]\(\s*<?(\/[^)\s>]*)/g },
  { marker: "]:", pattern: /^\s{0,3}\[[^\]]+\]:\s*<?(\/\S*?)>?(?:\s|$)/gm },
  { marker: "=", pattern: /\b(?:href|src)\s*=\s*["'](\/[^"']*)["']/g },
];

/**
 * Site-internal paths (starting with one slash) written in a Markdown or HTML string. With
 * `exec` rather than `matchAll`, which copies the pattern on every call: the bodies of
 * 10,000 posts took 78-114 ms, on the build's own thread before any page renders.
 */
export function linksInMarkdown(markdown: string): string[] {
  const found: string[] = [];
  for (const { marker, pattern } of LINK_PATTERNS) {
    if (!markdown.includes(marker)) continue;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(markdown); match; match = pattern.exec(markdown)) {
      found.push(match[1] as string);
    }
  }
  return found;
}
