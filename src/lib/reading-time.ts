/** Words an adult reads per minute on screen; the figure most reading-time estimates use. */
export const READING_WORDS_PER_MINUTE = 230;

/**
 * Markdown syntax that is not read aloud: code fences, images, link targets, tags. Each pass
 * runs only when its opening characters are in the text at all: most posts have no fence, no
 * image and no tag, and every pass copies the whole body. (The markers `#>*_\`|~-` are told
 * apart as the words are counted.)
 */
function readableText(markdown: string): string {
  let text = markdown;
  if (text.includes("```")) text = text.replace(/```[\s\S]*?```/g, " ");
  if (text.includes("](")) {
    text = text.replace(/!\[[^\]]*\]\([^)]*\)/g, " ").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
  }
  if (text.includes("<")) text = text.replace(/<[^>]+>/g, " ");
  return text;
}

/**
 * Whether an ASCII character is part of a word, by code (1) or separates words (0): whitespace,
 * and the Markdown markers `#>*_\`|~-`, which are not read either.
 */
const ASCII_WORD = /* @__PURE__ */ asciiWordCharacters();

/**
 * Made by a call marked pure: a loop at the top of the module would be a side effect, and the
 * browser bundles, which import src/lib but never count words, would keep the module (0.1 KB
 * over the first-load budget).
 */
function asciiWordCharacters(): Uint8Array {
  const table = new Uint8Array(128).fill(1);
  for (let code = 0; code < 128; code++) if (isSpace(code)) table[code] = 0;
  for (const char of "#>*_`|~-") table[char.charCodeAt(0)] = 0;
  return table;
}

/** Whether a UTF-16 code unit is whitespace, as `\s` in a regular expression defines it. */
function isSpace(code: number): boolean {
  // Most characters are printable ASCII, which the first two tests settle.
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A link: its text is read, its target is not. */
const LINK = /\[([^\]]*)\]\([^)]*\)/g;

/** Words counted so far, and whether the last character counted was part of a word. */
interface Tally {
  words: number;
  inWord: number;
}

/**
 * Counts the words of text[from, to) into the tally, continuing a word the text before left
 * open. Counted in one pass rather than split into an array: 10,000 posts spent 0.7 s of every
 * build here, and it runs on the build's own thread before any page renders. A word starts
 * where a word character follows a separator, counted with arithmetic rather than a branch:
 * whether a word starts flips every few characters, which a processor cannot predict (7.6
 * against 13.3 µs for a 2,000-character post).
 */
function tallyWords(text: string, from: number, to: number, tally: Tally): void {
  let { words, inWord } = tally;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const word = code < 128 ? (ASCII_WORD[code] as number) : isSpace(code) ? 0 : 1;
    words += word & (inWord ^ 1);
    inWord = word;
  }
  tally.words = words;
  tally.inWord = inWord;
}

/**
 * Words in a Markdown body, counting link text but not link targets or markup. A body whose
 * only syntax to take out is links (most posts: no fence, no image, no tag) is counted along
 * the text, each link's text in its place, without the copy that replacing its links makes
 * (readableText's passes were 45-60 ms of 10,000 posts, on the build's own thread before any
 * page renders).
 */
export function countWords(markdown: string): number {
  if (markdown.includes("```") || markdown.includes("![") || markdown.includes("<")) {
    return countWordsOfReadableText(markdown);
  }
  const tally: Tally = { words: 0, inWord: 0 };
  let at = 0;
  if (markdown.includes("](")) {
    LINK.lastIndex = 0;
    for (let link = LINK.exec(markdown); link !== null; link = LINK.exec(markdown)) {
      tallyWords(markdown, at, link.index, tally);
      // The text between the brackets, where the replacement by "$1" would put it.
      const textStart = link.index + 1;
      tallyWords(markdown, textStart, textStart + (link[1] as string).length, tally);
      at = link.index + link[0].length;
    }
  }
  tallyWords(markdown, at, markdown.length, tally);
  return tally.words;
}

/** Words in a Markdown body with its syntax taken out by readableText: what countWords counts. */
export function countWordsOfReadableText(markdown: string): number {
  const text = readableText(markdown);
  const tally: Tally = { words: 0, inWord: 0 };
  tallyWords(text, 0, text.length, tally);
  return tally.words;
}

/** Whole minutes to read a Markdown body, at least 1. */
export function readingTimeMinutes(
  markdown: string,
  wordsPerMinute = READING_WORDS_PER_MINUTE,
): number {
  return Math.max(1, Math.round(countWords(markdown) / wordsPerMinute));
}
