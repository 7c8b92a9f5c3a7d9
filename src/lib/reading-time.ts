/** Words an adult reads per minute on screen; the figure most reading-time estimates use. */
export const READING_WORDS_PER_MINUTE = 230;

/** Markdown syntax that is not read aloud: code fences, images, link targets, markers. */
function readableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_`|~-]+/g, " ");
}

/** Words in a Markdown body, counting link text but not link targets or markup. */
export function countWords(markdown: string): number {
  return readableText(markdown).split(/\s+/).filter(Boolean).length;
}

/** Whole minutes to read a Markdown body, at least 1. */
export function readingTimeMinutes(
  markdown: string,
  wordsPerMinute = READING_WORDS_PER_MINUTE,
): number {
  return Math.max(1, Math.round(countWords(markdown) / wordsPerMinute));
}
