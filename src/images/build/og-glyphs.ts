/**
 * A card's title set from glyphs drawn once, instead of drawn by librsvg for every card.
 *
 * librsvg took 4.3 ms to draw a title's rows (1200 × 187 pixels of text) on a 2-core AMD EPYC,
 * half of a card, and a first build draws a card for each of 10,000 posts. But a title is made
 * of a few dozen characters of one face at one of two sizes. So each character is drawn once by
 * librsvg, in the card's own font stack and at four sub-pixel positions, into a glyph set; a
 * title's coverage is then its glyphs copied to where the face's metrics put them: the font
 * file's advance widths and kerning pairs (read with opentype.js from the file fontconfig gives
 * librsvg for the stack), as Pango lays out the same text. og-glyphs.test.ts checks the result
 * against librsvg drawing the title's layer, og-raster.test.ts the whole card.
 *
 * A title with a character the set does not have (CJK, an emoji, a letter the first face lacks,
 * which Pango takes from another font) is drawn by librsvg as before: `ready` says false.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import opentype from "opentype.js";
import sharp from "sharp";
import { escapeXml } from "./og-template.ts";

/** Sub-pixel positions each glyph is drawn at: a glyph lands within 1/8 px of where Pango puts it. */
const PHASES = 4;

/** Characters set from glyphs most titles are made of: printable ASCII, drawn first. */
const ASCII_CHARACTERS = Array.from({ length: 0x7f - 0x21 }, (_, i) =>
  String.fromCharCode(0x21 + i),
);
/**
 * The other characters set from glyphs: Latin-1's letters and signs and the typographic
 * punctuation titles use, drawn the first time a title has one of them.
 */
const MORE_CHARACTERS = [
  ...Array.from({ length: 0x100 - 0xa1 }, (_, i) => String.fromCharCode(0xa1 + i)).filter(
    (char) => char !== "\u00ad",
  ),
  ..."‘’‚“”„–—…•€™",
];
const ASCII_SET = new Set(ASCII_CHARACTERS);
const MORE_SET = new Set(MORE_CHARACTERS);
const SPACES = new Set([" ", "\u00a0"]);

/** One glyph's coverage at one sub-pixel position, placed relative to its pen position. */
interface Glyph {
  /** Columns from the pen's whole pixel to the glyph's first column of ink. */
  left: number;
  /** Rows from the baseline to the glyph's first row of ink (negative: above it). */
  top: number;
  width: number;
  height: number;
  coverage: Uint8Array;
}

/** Characters' glyphs at one size: each at every phase. */
type GlyphSet = Map<string, Glyph[]>;

/** The font the card's font stack resolves to, read for its metrics. */
export interface TitleFont {
  /** The family fontconfig resolved (as librsvg's Pango will). */
  family: string;
  font: opentype.Font;
}

export interface TitleSetter {
  /**
   * Whether `lines` can be set at `size` px, once the glyphs they need are drawn: false when a
   * character is not in the set (librsvg draws the title then).
   */
  ready(lines: readonly string[], size: number): Promise<boolean>;
  /**
   * The coverage (0-255, `rows.width` a row) of `lines` set at `size` px from `left`, the first
   * line's baseline at `baseline` and the next ones `lineHeight` below, over the card's rows
   * `top` to `top + height`. Only once `ready` said yes. The coverage is the setter's own
   * buffer, good until its next call: a card is drawn from it at once, with no await between.
   */
  cover(
    lines: readonly string[],
    layout: { size: number; left: number; baseline: number; lineHeight: number },
    rows: { top: number; height: number; width: number },
  ): SetTitle;
}

/** A title's coverage, and the columns each row has ink in. */
export interface SetTitle {
  coverage: Uint8Array;
  /** Per row: its first and last column with ink, at [2 × row] and [2 × row + 1]; -1 for none. */
  inked: Int16Array;
}

/**
 * The first family of `stack` fontconfig has (what Pango draws with), and its file parsed; null
 * when fontconfig's `fc-match` is not there or the file cannot be read: then every title is
 * drawn by librsvg.
 */
export function resolveTitleFont(stack: readonly string[], weight: "bold"): TitleFont | null {
  for (const family of stack) {
    let answer: string;
    try {
      answer = execFileSync("fc-match", ["-f", "%{family}\t%{file}", `${family}:${weight}`], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch {
      return null;
    }
    const [families = "", file = ""] = answer.split("\t");
    // fc-match always answers, with a substitute when the family is missing: only the family
    // itself counts, as Pango moves on down the stack when it is not there.
    if (!families.split(",").includes(family)) continue;
    try {
      const bytes = readFileSync(file);
      const font = opentype.parse(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      );
      return { family, font };
    } catch {
      return null;
    }
  }
  return null;
}

/** Sets titles in `font` (one of the card's stack) drawn by librsvg with `fontFamily`. */
export function createTitleSetter(titleFont: TitleFont, fontFamily: string): TitleSetter {
  const { font } = titleFont;
  const faces = new Map<string, Promise<void>>();
  const glyphIndex = new Map<string, opentype.Glyph | null>();
  const kerning = new Map<string, number>();
  const glyphOf = (char: string): opentype.Glyph | null => {
    let glyph = glyphIndex.get(char);
    if (glyph === undefined) {
      const found = font.charToGlyph(char);
      // Index 0 is .notdef: Pango would take the character from another font.
      glyph = found && found.index !== 0 ? found : null;
      glyphIndex.set(char, glyph);
    }
    return glyph;
  };
  // The kerning HarfBuzz applies to Latin text: the GPOS lookups of the `latn` script. A font's
  // default script can have none (DejaVu Sans Bold's DFLT kern feature has no pairs: glyphs
  // landed up to 12 px from where librsvg draws them), so it is only the fallback, as is the
  // old `kern` table that opentype.js reads without GPOS.
  const latinKerning = font.position?.getKerningTables("latn");
  const kern = (left: opentype.Glyph, right: opentype.Glyph): number => {
    const key = `${left.index}:${right.index}`;
    let value = kerning.get(key);
    if (value === undefined) {
      value =
        latinKerning && font.position
          ? font.position.getKerningValue(latinKerning, left.index, right.index)
          : font.getKerningValue(left, right);
      kerning.set(key, value);
    }
    return value;
  };
  /** Every glyph drawn so far, by size: what `cover` sets from, without waiting. */
  const drawn = new Map<number, GlyphSet>();
  /** Draws printable ASCII (or the other characters, `more`) at `size` once. */
  const glyphsAt = (size: number, more: boolean): Promise<void> => {
    const key = `${size}${more ? "+" : ""}`;
    let face = faces.get(key);
    if (face === undefined) {
      face = drawGlyphs(more ? MORE_CHARACTERS : ASCII_CHARACTERS, size, fontFamily).then(
        (glyphs) => {
          const known = drawn.get(size) ?? new Map<string, Glyph[]>();
          for (const [char, phases] of glyphs) known.set(char, phases);
          drawn.set(size, known);
        },
      );
      faces.set(key, face);
      face.catch(() => faces.delete(key));
    }
    return face;
  };
  const scaleOf = (size: number) => size / font.unitsPerEm;
  let scratch = new Uint8Array(0);

  return {
    async ready(lines, size) {
      let more = false;
      for (const line of lines) {
        for (const char of line) {
          if (SPACES.has(char) || ASCII_SET.has(char)) {
            if (glyphOf(char) === null) return false;
            continue;
          }
          if (!MORE_SET.has(char) || glyphOf(char) === null) return false;
          more = true;
        }
      }
      await glyphsAt(size, false);
      if (more) await glyphsAt(size, true);
      return true;
    },
    cover(lines, layout, rows) {
      const glyphs = drawn.get(layout.size);
      if (glyphs === undefined) throw new Error(`no glyphs drawn at ${layout.size} px yet`);
      const scale = scaleOf(layout.size);
      const pixels = rows.width * rows.height;
      if (scratch.length < pixels) scratch = new Uint8Array(pixels);
      const coverage = scratch.subarray(0, pixels);
      coverage.fill(0);
      const inked = new Int16Array(rows.height * 2).fill(-1);
      lines.forEach((line, lineIndex) => {
        const baseline = layout.baseline + lineIndex * layout.lineHeight;
        let pen = layout.left;
        const chars = Array.from(line);
        chars.forEach((char, at) => {
          const glyph = glyphOf(char) as opentype.Glyph;
          if (!SPACES.has(char)) {
            const steps = Math.round(pen * PHASES);
            const whole = Math.floor(steps / PHASES);
            const phases = glyphs.get(char);
            if (phases === undefined) throw new Error(`"${char}" is not drawn: ask ready() first`);
            blit(coverage, inked, rows, phases[steps - whole * PHASES] as Glyph, whole, baseline);
          }
          const next = chars[at + 1];
          pen += (glyph.advanceWidth ?? 0) * scale;
          if (next !== undefined) pen += kern(glyph, glyphOf(next) as opentype.Glyph) * scale;
        });
      });
      return { coverage, inked };
    },
  };
}

/**
 * Adds a glyph's coverage into `coverage` at pen column `x` on `baseline` (a card row), as
 * cairo adds a run's glyphs into one mask: saturating where two glyphs' edges overlap.
 */
function blit(
  coverage: Uint8Array,
  inked: Int16Array,
  rows: { top: number; height: number; width: number },
  glyph: Glyph,
  x: number,
  baseline: number,
): void {
  const firstRow = baseline + glyph.top - rows.top;
  const firstColumn = Math.max(0, x + glyph.left);
  const endColumn = Math.min(rows.width, x + glyph.left + glyph.width);
  if (endColumn <= firstColumn) return;
  for (let y = 0; y < glyph.height; y += 1) {
    const row = firstRow + y;
    if (row < 0 || row >= rows.height) continue;
    const first = inked[row * 2] as number;
    if (first < 0 || firstColumn < first) inked[row * 2] = firstColumn;
    if ((inked[row * 2 + 1] as number) < endColumn - 1) inked[row * 2 + 1] = endColumn - 1;
    // The glyph's row, indexed by the card's column.
    const from = y * glyph.width - (x + glyph.left);
    const to = row * rows.width;
    for (let at = firstColumn; at < endColumn; at += 1) {
      // No branch on the glyph's pixels (og-raster.ts, drawSpan, says why); the rare sum over
      // 255 is where two glyphs' edges meet.
      const sum = (coverage[to + at] as number) + (glyph.coverage[from + at] as number);
      coverage[to + at] = Math.min(sum, 255);
    }
  }
}

/**
 * `characters` at `size`, each at every phase, drawn by librsvg in one picture: 80-100 ms for
 * printable ASCII at 72 px.
 */
async function drawGlyphs(
  characters: readonly string[],
  size: number,
  fontFamily: string,
): Promise<GlyphSet> {
  // A cell holds any glyph of the face with room to spare: accents reach 1.2 em above the
  // baseline, descenders 0.3 em below, and no glyph is wider than 1.4 em.
  const cellWidth = Math.ceil(size * 1.6);
  const cellHeight = Math.ceil(size * 1.9);
  const baselineInCell = Math.ceil(size * 1.35);
  const penInCell = Math.ceil(size * 0.1);
  const columns = 32;
  const cells = characters.length * PHASES;
  const rows = Math.ceil(cells / columns);
  const width = columns * cellWidth;
  const height = rows * cellHeight;
  // A <text> a cell. One <text> a row with an `x` for each character drew other glyphs.
  const texts: string[] = [];
  for (let cell = 0; cell < cells; cell += 1) {
    const x = (cell % columns) * cellWidth + penInCell + (cell % PHASES) / PHASES;
    const y = Math.floor(cell / columns) * cellHeight + baselineInCell;
    texts.push(
      `<text x="${x}" y="${y}">${escapeXml(characters[Math.floor(cell / PHASES)] as string)}</text>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${escapeXml(fontFamily)}" font-size="${size}" font-weight="700" fill="#ffffff">${texts.join("")}</svg>`;
  const alpha = await sharp(Buffer.from(svg)).extractChannel(3).raw().toBuffer();
  const glyphs: GlyphSet = new Map();
  characters.forEach((char, charIndex) => {
    const drawn: Glyph[] = [];
    for (let phase = 0; phase < PHASES; phase += 1) {
      const cell = charIndex * PHASES + phase;
      const cellX = (cell % columns) * cellWidth;
      const cellY = Math.floor(cell / columns) * cellHeight;
      drawn.push(
        cropGlyph(alpha, width, cellX, cellY, cellWidth, cellHeight, penInCell, baselineInCell),
      );
    }
    glyphs.set(char, drawn);
  });
  return glyphs;
}

/** The inked box of one cell of the glyph picture, placed relative to the cell's pen. */
function cropGlyph(
  alpha: Buffer,
  pictureWidth: number,
  cellX: number,
  cellY: number,
  cellWidth: number,
  cellHeight: number,
  pen: number,
  baseline: number,
): Glyph {
  let minX = cellWidth;
  let minY = cellHeight;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < cellHeight; y += 1) {
    const row = (cellY + y) * pictureWidth + cellX;
    for (let x = 0; x < cellWidth; x += 1) {
      if ((alpha[row + x] as number) === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return { left: 0, top: 0, width: 0, height: 0, coverage: new Uint8Array(0) };
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  const coverage = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const from = (cellY + minY + y) * pictureWidth + cellX + minX;
    coverage.set(alpha.subarray(from, from + width), y * width);
  }
  return { left: minX - pen, top: minY - baseline, width, height, coverage };
}
