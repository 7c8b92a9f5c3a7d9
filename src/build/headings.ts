import type { Token, Tokens } from "marked";
import { slugify } from "../lib/index.ts";

/** A post this long (minutes) with at least TOC_MIN_HEADINGS headings gets a table of contents. */
export const TOC_MIN_MINUTES = 3;
export const TOC_MIN_HEADINGS = 3;

/** One entry of a table of contents: a heading of the rendered Markdown and its anchor. */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** A heading token with the anchor id the renderer writes on it. */
export type IdentifiedHeading = Tokens.Heading & { id?: string };

/** The text a reader sees in inline tokens: emphasis, links and code reduced to their words. */
function plainText(tokens: readonly Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens
    .map((token) =>
      "tokens" in token && token.tokens
        ? plainText(token.tokens, "")
        : "text" in token
          ? String(token.text)
          : "",
    )
    .join("");
}

/**
 * Gives every heading of a lexed document a unique anchor id (its slug; repeats get -2, -3…)
 * and returns the h2/h3 ones as a table of contents. Run on the tokens before rendering, so
 * the contents and the rendered ids cannot disagree.
 */
export function identifyHeadings(tokens: readonly Token[]): TocEntry[] {
  const seen = new Map<string, number>();
  const toc: TocEntry[] = [];
  for (const token of tokens) {
    if (token.type !== "heading") continue;
    const heading = token as IdentifiedHeading;
    const text = plainText(heading.tokens, heading.text).trim();
    const base = slugify(text) || "section";
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    heading.id = count === 1 ? base : `${base}-${count}`;
    if (heading.depth === 2 || heading.depth === 3) {
      toc.push({ id: heading.id, text, level: heading.depth });
    }
  }
  return toc;
}
