/**
 * Draws Open Graph cards (og-template.ts) to 16-colour PNGs, fast enough for a first build of
 * a large blog, which draws one per post.
 *
 * Drawn whole by librsvg and reduced to 16 colours by libimagequant (sharp), a card took 22 ms:
 * 10 to rasterise 1200×630 pixels, 11 to choose its palette and 1 to encode. But the cards of
 * a section differ only in their titles. So the part they share, the backdrop, is rasterised
 * once and given its palette once: libimagequant's colours for it, plus shades of the title's
 * colour over the card's ground for the title's anti-aliased edges; the backdrops of other
 * sections are made from it (`backdropOf`). Each card then sets its title from glyphs
 * (og-glyphs.ts; librsvg draws the titles the glyphs cannot set), maps each pixel the title
 * covers to the palette colour nearest the title blended over the backdrop, and is written by
 * palette-png.ts with only its title's rows deflated: 0.6 ms a card, 7–9 ms when librsvg drew
 * every title's rows. The pixels differ from the full-colour card as little as libimagequant's
 * did (og-raster.test.ts).
 */
import sharp from "sharp";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import {
  createTitleSetter,
  resolveTitleFont,
  type SetTitle,
  type TitleSetter,
} from "./og-glyphs.ts";
import {
  OG_BACKGROUND,
  OG_FONT,
  OG_FONT_FAMILIES,
  OG_PALETTE_COLOURS,
  OG_TITLE_FILL,
  OG_TITLE_SHADES,
  OG_TITLE_SIZES,
  type OgCard,
  type OgCardLayers,
  ogCardLayers,
  ogCardSvg,
} from "./og-template.ts";
import {
  adjustAdler32,
  adler32,
  MAX_PALETTE_COLOURS,
  nearestColour,
  packedRowBytes,
  packIndices,
  palettePngAround,
  type Rgb,
  type SealedRows,
  sealRows,
} from "./palette-png.ts";

/** Backdrops kept ready: one per section label (and site name and host) a child draws. */
const BACKDROPS_KEPT = 32;

const WIDTH = OG_IMAGE_WIDTH;
const HEIGHT = OG_IMAGE_HEIGHT;
const ROW_BYTES = packedRowBytes(WIDTH);

/** A backdrop, drawn and mapped to its palette. */
interface Backdrop {
  palette: Rgb[];
  /** Each pixel's palette index. */
  indices: Uint8Array;
  /** `indices` packed into PNG rows: a card starts from a copy. */
  packed: Buffer;
  /** Palette index of the title over palette colour `i` at coverage `c`: [i * 256 + c] (`blendTable`). */
  blends: Uint8Array;
  title: Rgb;
  /** Rows above and below a title's, sealed (palette-png.ts), by the title's rows. */
  sealed: Map<number, { above: SealedRows; middle: number; below: SealedRows }>;
  /** Per row, the ground's run around the middle column (`groundRunsOf`). */
  groundRuns: Int16Array;
  /** Two pixels' byte over the ground by their coverages (`groundPairTable`). */
  groundPairs: Uint8Array;
  /** The ground's palette index. */
  ground: number;
}

export interface OgRenderer {
  /** The card as a PNG file's bytes. */
  draw(card: OgCard): Promise<Buffer>;
  /**
   * Draws the glyphs titles are set from, at both sizes, ahead of the first card that needs
   * them (0.1 s a size): what a child started ahead of its cards does while it waits.
   */
  prepareTitles(): Promise<void>;
}

export function createOgRenderer(): OgRenderer {
  // Resolved once, on the first card: fontconfig is asked which file the stack draws with.
  let setter: TitleSetter | null | undefined;
  const titleSetter = () => {
    if (setter === undefined) {
      const font = resolveTitleFont(OG_FONT_FAMILIES, "bold");
      setter = font ? createTitleSetter(font, OG_FONT) : null;
    }
    return setter;
  };
  const backdrops = new Map<string, Promise<Backdrop>>();
  const references = new Map<string, Promise<Backdrop>>();
  let scratchRows = Buffer.alloc(0);
  /** Kept in `map` under `key` once asked for; a failure is not kept, the next card tries again. */
  const kept = (
    map: Map<string, Promise<Backdrop>>,
    key: string,
    make: () => Promise<Backdrop>,
  ) => {
    let backdrop = map.get(key);
    if (backdrop === undefined) {
      if (map.size >= BACKDROPS_KEPT) map.delete(map.keys().next().value as string);
      backdrop = make();
      map.set(key, backdrop);
      backdrop.catch(() => map.delete(key));
    }
    return backdrop;
  };
  /**
   * A card's backdrop. The backdrops of a site's sections differ only in the section's pill:
   * one, the reference, is prepared whole (45 ms: librsvg, libimagequant's palette, the
   * mapping), and each section's is the reference with its pill's rows drawn and mapped to the
   * reference's palette (7-8 ms). A first build of this site's 45 sections spent 2 s of a
   * card child preparing each whole.
   */
  const backdropOf = (card: OgCard, layers: OgCardLayers): Promise<Backdrop> =>
    kept(backdrops, layers.backdrop, () => {
      const reference = ogCardLayers({ ...card, section: REFERENCE_SECTION, title: "" });
      const prepared = kept(references, reference.backdrop, () =>
        prepareBackdrop(reference.backdrop),
      );
      return reference.backdrop === layers.backdrop
        ? prepared
        : prepared.then((whole) => withSection(whole, layers.section));
    });
  return {
    async prepareTitles() {
      const setter = titleSetter();
      if (setter === null) return;
      await Promise.all(Object.values(OG_TITLE_SIZES).map((size) => setter.ready(["A"], size)));
    },
    async draw(card) {
      // A glyph drawn in colours of its own (an emoji, where a colour emoji font is installed)
      // is more than the title's colour at some coverage: such a card is drawn whole.
      if (mayDrawInColour(card.title)) return drawWhole(card);
      const layers = ogCardLayers(card);
      const { layout } = layers.title;
      const rows = { top: layout.top, height: layout.height, width: WIDTH };
      const setter = titleSetter();
      const [backdrop, settable] = await Promise.all([
        backdropOf(card, layers),
        setter ? setter.ready(layout.lines, layout.size) : false,
      ]);
      const drawn = settable ? null : await drawnTitle(layers.title.svg);
      // From here to the PNG, nothing is awaited: the setter's coverage and the rows below are
      // buffers this renderer reuses from card to card.
      const title = drawn ?? (setter as TitleSetter).cover(layout.lines, layout, rows);
      const { top, height } = rows;
      const rowBytes = height * ROW_BYTES;
      if (scratchRows.length < rowBytes) scratchRows = Buffer.alloc(rowBytes);
      const packed = scratchRows.subarray(0, rowBytes);
      backdrop.packed.copy(packed, 0, top * ROW_BYTES, top * ROW_BYTES + rowBytes);
      const change = drawTitle(backdrop, title, top, packed);
      const { above, middle, below } = sealedAround(backdrop, top, height);
      const adler = adjustAdler32(middle, change.sum, change.weighted);
      return palettePngAround(WIDTH, HEIGHT, backdrop.palette, above, packed, below, adler);
    },
  };
}

/** The title's coverage as librsvg draws its layer: for titles the glyph set cannot set. */
async function drawnTitle(svg: string): Promise<SetTitle> {
  const coverage = await sharp(Buffer.from(svg)).extractChannel(3).raw().toBuffer();
  return { coverage, inked: wholeRows(coverage.length / WIDTH) };
}

/** Every column of every row, as far as anyone knows: for a coverage drawn by librsvg. */
function wholeRows(height: number): Int16Array {
  const inked = new Int16Array(height * 2);
  for (let row = 0; row < height; row += 1) inked[row * 2 + 1] = WIDTH - 1;
  return inked;
}

/** The backdrop's rows above and below a title's, deflated once for every card they frame. */
function sealedAround(backdrop: Backdrop, top: number, height: number) {
  const key = top * OG_IMAGE_HEIGHT + height;
  let sealed = backdrop.sealed.get(key);
  if (sealed === undefined) {
    sealed = {
      above: sealRows(backdrop.packed.subarray(0, top * ROW_BYTES), false),
      middle: adler32(backdrop.packed.subarray(top * ROW_BYTES, (top + height) * ROW_BYTES)),
      below: sealRows(backdrop.packed.subarray((top + height) * ROW_BYTES), true),
    };
    backdrop.sealed.set(key, sealed);
  }
  return sealed;
}

/**
 * Characters a colour font may draw: pictographs (emoji), the regional indicators of flags, the
 * emoji presentation selector and the keycap mark. Read off the text, not the drawn pixels:
 * reading the title layer in colour and checking it cost 1 ms a card (12 %).
 */
const COLOUR_GLYPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u{FE0F}|\u{20E3}/u;

/** Whether a title may have a glyph drawn in colours of its own. */
export function mayDrawInColour(title: string): boolean {
  return COLOUR_GLYPH.test(title);
}

/** sharp's PNG options for an image reduced to `colours` by libimagequant, without dithering. */
export function quantisedPng(colours: number) {
  return { palette: true, colours, dither: 0, effort: 1 } as const;
}

/** The card drawn whole by librsvg and reduced to 16 colours by libimagequant: 22 ms. */
function drawWhole(card: OgCard): Promise<Buffer> {
  return sharp(Buffer.from(ogCardSvg(card)))
    .png(quantisedPng(OG_PALETTE_COLOURS))
    .toBuffer();
}

/**
 * Writes the title into `packed`, a copy of the backdrop's rows from `top`: each pixel the title
 * covers at all becomes the palette colour nearest the title's colour blended over the
 * backdrop's; the rest keep the backdrop's bytes. Only the columns the title has ink in are
 * read, two pixels (a byte) at a time. Returns how the bytes changed, for their Adler-32
 * (palette-png.ts, `adjustAdler32`).
 */
function drawTitle(
  backdrop: Backdrop,
  { coverage, inked }: SetTitle,
  top: number,
  packed: Buffer,
): ByteChanges {
  const height = inked.length / 2;
  if (coverage.length !== WIDTH * height) {
    throw new Error(`the title layer is ${coverage.length} pixels, not ${WIDTH}×${height}`);
  }
  const changes: ByteChanges = { sum: 0, weighted: 0 };
  // Two pixels' coverage read as one number, where the buffer allows it (an even offset).
  const pairs =
    coverage.byteOffset % 2 === 0
      ? new Uint16Array(coverage.buffer, coverage.byteOffset, coverage.length / 2)
      : null;
  for (let y = 0; y < height; y += 1) {
    const first = inked[y * 2] as number;
    if (first < 0) continue;
    // Whole bytes: a byte's pixel pair starts at an even column (WIDTH is even).
    const start = first & ~1;
    const end = Math.min(WIDTH, (inked[y * 2 + 1] as number) + 2) & ~1;
    drawSpan(backdrop, { coverage, pairs }, y, top + y, start, end, packed, changes);
  }
  return changes;
}

/** Whether a Uint16Array over bytes reads the first byte as the low one (x86, ARM). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The packed byte of two pixels over the ground, by their coverages read as one 16-bit number
 * (the left pixel's the first byte): 65,536 entries, made once a backdrop.
 */
function groundPairTable(blends: Uint8Array, ground: number): Uint8Array {
  const table = new Uint8Array(65_536);
  for (let left = 0; left < 256; left += 1) {
    for (let right = 0; right < 256; right += 1) {
      const key = LITTLE_ENDIAN ? left | (right << 8) : (left << 8) | right;
      table[key] =
        ((blends[ground * 256 + left] as number) << 4) | (blends[ground * 256 + right] as number);
    }
  }
  return table;
}

/**
 * Per row, the run of ground-coloured pixels around the card's middle column, [start, end) at
 * [2 × row] and [2 × row + 1]; empty where the middle is not the ground.
 */
function groundRunsOf(indices: Uint8Array, ground: number, height = HEIGHT): Int16Array {
  const runs = new Int16Array(height * 2);
  const middle = WIDTH / 2;
  for (let row = 0; row < height; row += 1) {
    const at = row * WIDTH;
    if (indices[at + middle] !== ground) continue;
    let start = middle;
    while (start > 0 && indices[at + start - 1] === ground) start -= 1;
    let end = middle;
    while (end < WIDTH && indices[at + end] === ground) end += 1;
    runs[row * 2] = start;
    runs[row * 2 + 1] = end;
  }
  return runs;
}

/** How bytes changed: the sum of (new − old), and of each change times the bytes from it on. */
interface ByteChanges {
  sum: number;
  weighted: number;
}

/**
 * Columns `start` to `end` of the title's row `y` (the card's row `row`) into row `y` of
 * `packed`. A function of its own, not drawTitle's inner loop: V8 compiled that loop on its own
 * (OSR) and threw the code away each time it ended, 1,500 times in 2,000 cards, which made the
 * loop four times slower. The loops have no branch on the pixels: a text's coverage is too
 * irregular for the processor to guess, and the branches of the first version made them
 * 5.5 ns a byte.
 */
function drawSpan(
  backdrop: Backdrop,
  { coverage, pairs }: { coverage: Uint8Array; pairs: Uint16Array | null },
  y: number,
  row: number,
  start: number,
  end: number,
  packed: Buffer,
  changes: ByteChanges,
): void {
  const bytes = packed.length;
  let sum = 0;
  let weighted = 0;
  let out = y * ROW_BYTES + 1 + start / 2;
  const onGround =
    pairs !== null &&
    (backdrop.groundRuns[row * 2] as number) <= start &&
    end <= (backdrop.groundRuns[row * 2 + 1] as number);
  if (onGround) {
    // Every pixel of the span is the card's ground, as under almost every title: a pair of
    // coverages, read as one number, gives the byte (`groundPairs`) and the byte it replaces
    // is known. 0.09 ms a card less than mapping each pixel over what it covers.
    const { groundPairs, ground } = backdrop;
    const groundByte = (ground << 4) | ground;
    const last = (y * WIDTH + end) / 2;
    for (let pair = (y * WIDTH + start) / 2; pair < last; pair += 1, out += 1) {
      const value = groundPairs[pairs[pair] as number] as number;
      const change = value - groundByte;
      packed[out] = value;
      sum += change;
      weighted += (bytes - out) * change;
    }
  } else {
    // Each pixel over the backdrop's colour under it: `blends` has every entry
    // (prepareBackdrop), coverage 0 being the colour under.
    const { indices, blends } = backdrop;
    const from = y * WIDTH;
    const pixel = row * WIDTH;
    for (let x = start; x < end; x += 2, out += 1) {
      const value =
        ((blends[
          (indices[pixel + x] as number) * 256 + (coverage[from + x] as number)
        ] as number) <<
          4) |
        (blends[
          (indices[pixel + x + 1] as number) * 256 + (coverage[from + x + 1] as number)
        ] as number);
      const change = value - (packed[out] as number);
      packed[out] = value;
      sum += change;
      weighted += (bytes - out) * change;
    }
  }
  changes.sum += sum;
  changes.weighted += weighted;
}

/**
 * For each palette colour `under` and coverage `cover` (0-255), at [under × 256 + cover], the
 * palette index nearest the title's colour at that coverage over that colour; `under` itself at
 * coverage 0. 4,096 entries, made once a backdrop.
 */
function blendTable(palette: readonly Rgb[], title: Rgb): Uint8Array {
  const table = new Uint8Array(MAX_PALETTE_COLOURS * 256);
  palette.forEach((ground, under) => {
    table[under * 256] = under;
    for (let cover = 1; cover < 256; cover += 1) {
      const [red, green, blue] = blend(ground, title, cover / 255);
      table[under * 256 + cover] = nearestColour(palette, red, green, blue);
    }
  });
  return table;
}

/** `over` at `amount` (0-1) over `ground`, per channel. */
function blend(ground: Rgb, over: Rgb, amount: number): Rgb {
  return [
    Math.round(ground[0] + (over[0] - ground[0]) * amount),
    Math.round(ground[1] + (over[1] - ground[1]) * amount),
    Math.round(ground[2] + (over[2] - ground[2]) * amount),
  ];
}

/** `#rrggbb` as its channels. */
function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/**
 * Rasterises the backdrop, chooses its palette (libimagequant's colours for the backdrop, then
 * the title's shades) and maps every pixel of the full-colour backdrop to its nearest colour.
 */
async function prepareBackdrop(svg: string): Promise<Backdrop> {
  // Rasterised once: libimagequant reduces the same pixels the cards map.
  const full = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const raw = { width: WIDTH, height: HEIGHT, channels: 3 } as const;
  const reducedPng = await sharp(full, { raw })
    .png(quantisedPng(OG_PALETTE_COLOURS - OG_TITLE_SHADES))
    .toBuffer();
  const palette = distinctColours(await sharp(reducedPng).removeAlpha().raw().toBuffer());
  const ground = rgbOf(OG_BACKGROUND);
  const title = rgbOf(OG_TITLE_FILL);
  for (let shade = 1; shade <= OG_TITLE_SHADES; shade += 1) {
    addColour(palette, blend(ground, title, shade / (OG_TITLE_SHADES + 1)));
  }
  addColour(palette, title);
  const indices = new Uint8Array(WIDTH * HEIGHT);
  mapToPalette(full, palette, indices, 0);
  const blends = blendTable(palette, title);
  const groundIndex = nearestColour(palette, ...ground);
  return {
    palette,
    indices,
    packed: packIndices(indices, WIDTH, HEIGHT),
    blends,
    title,
    sealed: new Map(),
    groundRuns: groundRunsOf(indices, groundIndex),
    groundPairs: groundPairTable(blends, groundIndex),
    ground: groundIndex,
  };
}

/** The section whose backdrop is prepared whole; the others' are made from it (`withSection`). */
const REFERENCE_SECTION = "Blog";

/**
 * `reference` with the section's rows (og-template.ts, `OgCardLayers.section`) drawn by librsvg
 * and mapped to the reference's palette: the same palette, tables and rows elsewhere.
 */
async function withSection(
  reference: Backdrop,
  section: OgCardLayers["section"],
): Promise<Backdrop> {
  const { top, height } = section;
  const rows = await sharp(Buffer.from(section.svg)).removeAlpha().raw().toBuffer();
  if (rows.length !== WIDTH * height * 3) {
    throw new Error(`the section's rows are ${rows.length / 3} pixels, not ${WIDTH}×${height}`);
  }
  const indices = Uint8Array.from(reference.indices);
  mapToPalette(rows, reference.palette, indices, top * WIDTH);
  const packed = Buffer.from(reference.packed);
  packed.set(
    packIndices(indices.subarray(top * WIDTH, (top + height) * WIDTH), WIDTH, height),
    top * ROW_BYTES,
  );
  const groundRuns = Int16Array.from(reference.groundRuns);
  groundRuns.set(
    groundRunsOf(indices.subarray(top * WIDTH, (top + height) * WIDTH), reference.ground, height),
    top * 2,
  );
  return { ...reference, indices, packed, groundRuns, sealed: new Map() };
}

/**
 * Each RGB pixel of `pixels` as the index of its nearest colour in `palette`, into `indices`
 * from `at`. A backdrop has a few hundred distinct colours among its 756,000 pixels, mostly in
 * runs: the last pixel's answer is kept, and the map asked only when the colour changes.
 */
function mapToPalette(pixels: Buffer, palette: readonly Rgb[], indices: Uint8Array, at: number) {
  const nearest = new Map<number, number>();
  let lastKey = -1;
  let lastIndex = 0;
  const count = pixels.length / 3;
  for (let pixel = 0; pixel < count; pixel += 1) {
    const red = pixels[pixel * 3] as number;
    const green = pixels[pixel * 3 + 1] as number;
    const blue = pixels[pixel * 3 + 2] as number;
    const key = (red << 16) | (green << 8) | blue;
    if (key !== lastKey) {
      let index = nearest.get(key);
      if (index === undefined) {
        index = nearestColour(palette, red, green, blue);
        nearest.set(key, index);
      }
      lastKey = key;
      lastIndex = index;
    }
    indices[at + pixel] = lastIndex;
  }
}

/** The distinct colours of RGB pixels, in the order they first appear. */
function distinctColours(pixels: Buffer): Rgb[] {
  const seen = new Set<number>();
  const colours: Rgb[] = [];
  for (let at = 0; at < pixels.length; at += 3) {
    const key =
      ((pixels[at] as number) << 16) |
      ((pixels[at + 1] as number) << 8) |
      (pixels[at + 2] as number);
    if (seen.has(key)) continue;
    seen.add(key);
    colours.push([pixels[at] as number, pixels[at + 1] as number, pixels[at + 2] as number]);
  }
  return colours;
}

/** Adds `colour` unless the palette has it or is full. */
function addColour(palette: Rgb[], colour: Rgb): void {
  if (palette.length >= OG_PALETTE_COLOURS) return;
  if (palette.some(([r, g, b]) => r === colour[0] && g === colour[1] && b === colour[2])) return;
  palette.push(colour);
}
