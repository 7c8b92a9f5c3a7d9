import type { Subprocessor } from "../content/index.ts";

/**
 * Markdown directives writers use for blocks plain Markdown cannot express (spec §9,
 * document rendering):
 *
 * - `:::callout` … `:::` → a boxed callout (`<div class="callout">`), Markdown inside;
 * - `::subprocessors` on its own line → the sub-processor table from content/subprocessors.json.
 */

const CALLOUT = /^:::callout[ \t]*\n([\s\S]*?)\n:::[ \t]*$/gm;
const SUBPROCESSORS = /^::subprocessors[ \t]*$/gm;

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** The sub-processor list as a Markdown table (full width, no zebra: see .prose table). */
export function subprocessorTable(subprocessors: readonly Subprocessor[]): string {
  const rows = subprocessors.map((entry) => {
    const name = entry.website ? `[${cell(entry.name)}](${entry.website})` : cell(entry.name);
    return `| ${name} | ${cell(entry.purpose)} | ${cell(entry.location)} |`;
  });
  return ["| Sub-processor | Purpose | Location |", "| --- | --- | --- |", ...rows].join("\n");
}

/** Expands `::subprocessors`; throws when the directive is used and there is no list. */
export function expandDataDirectives(
  markdown: string,
  data: { subprocessors: readonly Subprocessor[] },
): string {
  if (!SUBPROCESSORS.test(markdown)) return markdown;
  SUBPROCESSORS.lastIndex = 0;
  if (data.subprocessors.length === 0) {
    throw new Error("::subprocessors is used but content/subprocessors.json is missing or empty.");
  }
  return markdown.replace(SUBPROCESSORS, () => subprocessorTable(data.subprocessors));
}

/**
 * Turns `:::callout` blocks into HTML blocks around Markdown. The blank lines make the
 * Markdown parser treat the content between the tags as Markdown again.
 */
export function expandCallouts(markdown: string): string {
  return markdown.replace(CALLOUT, (_match, inner: string) => {
    return `<div class="callout">\n\n${inner}\n\n</div>`;
  });
}
