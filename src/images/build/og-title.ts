/**
 * How an Open Graph card's title is broken into lines: by the width the words take in the
 * card's bold face, not by how many characters they have. At 26 characters a line, a title of
 * capitals and digits ("Synthetic post 1016: Queue history") ran 140 px past the card's edge.
 */

/**
 * Advance widths, in em, of printable ASCII in DejaVu Sans Bold, measured as librsvg draws the
 * card's font stack on a machine without Liberation Sans. DejaVu is the widest family of the
 * stack (Liberation Sans and Arial are narrower for every character), so a line that fits it
 * fits them all.
 */
// biome-ignore format: a measured table, read by character
const ADVANCES: Readonly<Record<string, number>> = {
  " ": 0.348, "!": 0.456, '"': 0.521, "#": 0.838, $: 0.696, "%": 1.002, "&": 0.872, "'": 0.306,
  "(": 0.457, ")": 0.457, "*": 0.523, "+": 0.838, ",": 0.38, "-": 0.415, ".": 0.38, "/": 0.365,
  "0": 0.696, "1": 0.696, "2": 0.696, "3": 0.696, "4": 0.696, "5": 0.696, "6": 0.696, "7": 0.696,
  "8": 0.696, "9": 0.696, ":": 0.4, ";": 0.4, "<": 0.838, "=": 0.838, ">": 0.838, "?": 0.58,
  "@": 1, A: 0.774, B: 0.762, C: 0.733, D: 0.83, E: 0.683, F: 0.683, G: 0.821, H: 0.837,
  I: 0.372, J: 0.372, K: 0.775, L: 0.637, M: 0.995, N: 0.837, O: 0.85, P: 0.733, Q: 0.85,
  R: 0.77, S: 0.678, T: 0.704, U: 0.812, V: 0.774, W: 1.103, X: 0.771, Y: 0.724, Z: 0.725,
  "[": 0.457, "\\": 0.365, "]": 0.457, "^": 0.838, _: 0.5, "`": 0.5, a: 0.675, b: 0.716,
  c: 0.593, d: 0.716, e: 0.678, f: 0.435, g: 0.716, h: 0.712, i: 0.343, j: 0.343, k: 0.665,
  l: 0.343, m: 1.042, n: 0.712, o: 0.687, p: 0.716, q: 0.716, r: 0.493, s: 0.595, t: 0.478,
  u: 0.712, v: 0.652, w: 0.924, x: 0.645, y: 0.652, z: 0.582, "{": 0.712, "|": 0.365,
  "}": 0.712, "~": 0.838,
};

/** A character outside the table: its letter's width when it is one with accents, else an em. */
function advanceOf(char: string): number {
  const known = ADVANCES[char];
  if (known !== undefined) return known;
  return ADVANCES[char.normalize("NFD").charAt(0)] ?? 1;
}

/** ADVANCES by character code, for the printable ASCII most titles are made of (0: not there). */
const ASCII_ADVANCES = new Float64Array(128);
for (const [char, advance] of Object.entries(ADVANCES))
  ASCII_ADVANCES[char.charCodeAt(0)] = advance;

/**
 * The width of a line of title text, in em of the title's font size. Printable ASCII is read
 * by code from a table, the rest a character at a time; the sum is the same either way (same
 * widths, same order). Every page's card is named by its SVG, so this measures every title of
 * the site, twice or more, before the first page renders.
 */
export function titleWidth(text: string): number {
  return widthAfter(0, text);
}

/** `width` plus the widths of `text`'s characters, added one by one as titleWidth adds them. */
function widthAfter(start: number, text: string): number {
  let width = start;
  for (let at = 0; at < text.length; at += 1) {
    const advance = ASCII_ADVANCES[text.charCodeAt(at)];
    if (advance) {
      width += advance;
      continue;
    }
    for (const char of text.slice(at)) width += advanceOf(char);
    break;
  }
  return width;
}

/** The longest start of `word` (whole characters, at least one) no wider than `width`. */
function fittingStart(word: string, width: number): string {
  const chars = Array.from(word);
  let end = 1;
  let used = advanceOf(chars[0] as string);
  while (end < chars.length && used + advanceOf(chars[end] as string) <= width) {
    used += advanceOf(chars[end] as string);
    end += 1;
  }
  return chars.slice(0, end).join("");
}

/** Every line of the title, greedily by words; a word wider than a line is broken. */
function breakLines(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  // The line's width so far: the candidate's is the same sum taken on from it, not measured
  // again from its first character.
  let lineWidth = 0;
  for (let word of title.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    const candidateWidth = line ? widthAfter(widthAfter(lineWidth, " "), word) : titleWidth(word);
    if (candidateWidth <= width) {
      line = candidate;
      lineWidth = candidateWidth;
      continue;
    }
    if (line) lines.push(line);
    while (titleWidth(word) > width) {
      const start = fittingStart(word, width);
      lines.push(start);
      word = word.slice(start.length);
    }
    line = word;
    lineWidth = titleWidth(word);
  }
  if (line) lines.push(line);
  return lines;
}

/** `line` shortened until it and an ellipsis fit `width`. */
function ellipsize(line: string, width: number): string {
  const chars = Array.from(line);
  while (chars.length > 0 && titleWidth(`${chars.join("")}…`) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/**
 * The title in at most `maxLines` lines, none wider than `width` em; `cut` when it did not fit,
 * the last line then ending in an ellipsis.
 */
export function wrapTitle(
  title: string,
  width: number,
  maxLines: number,
): { lines: string[]; cut: boolean } {
  const lines = breakLines(title, width);
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(kept[maxLines - 1] as string, width);
  return { lines: kept, cut: true };
}
