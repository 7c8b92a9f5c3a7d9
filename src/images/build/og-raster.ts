/**
 * Draws Open Graph cards (og-template.ts) to 16-colour PNGs, fast enough for a first build of
 * a large blog, which draws one per post.
 *
 * Drawn whole by librsvg and reduced to 16 colours by libimagequant (sharp), a card took 22 ms:
 * 10 to rasterise 1200×630 pixels, 11 to choose its palette and 1 to encode. But the cards of
 * a section differ only in their titles. So the part they share, the backdrop, is rasterised
 * once and given its palette once: libimagequant's colours for it, plus shades of the title's
 * colour over the card's ground for the title's anti-aliased edges. Each card then rasterises
 * only its title's rows, maps each pixel the title covers to the palette colour nearest the
 * title blended over the backdrop, and is written by palette-png.ts: 7–9 ms a card. The pixels
 * differ from the full-colour card as little as libimagequant's did (og-raster.test.ts).
 */
import sharp from "sharp";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import {
  OG_BACKGROUND,
  OG_PALETTE_COLOURS,
  OG_TITLE_FILL,
  OG_TITLE_SHADES,
  type OgCard,
  ogCardLayers,
  ogCardSvg,
} from "./og-template.ts";
import {
  nearestColour,
  packedRowBytes,
  packIndices,
  packRow,
  palettePng,
  type Rgb,
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
  /** Palette index of the title over palette colour `i` at coverage `c`: [i * 256 + c], -1 unknown. */
  blends: Int16Array;
  title: Rgb;
}

export interface OgRenderer {
  /** The card as a PNG file's bytes. */
  draw(card: OgCard): Promise<Buffer>;
}

export function createOgRenderer(): OgRenderer {
  const backdrops = new Map<string, Promise<Backdrop>>();
  const backdropOf = (svg: string): Promise<Backdrop> => {
    let backdrop = backdrops.get(svg);
    if (backdrop === undefined) {
      if (backdrops.size >= BACKDROPS_KEPT)
        backdrops.delete(backdrops.keys().next().value as string);
      backdrop = prepareBackdrop(svg);
      backdrops.set(svg, backdrop);
      // A failure is not kept: the next card of that backdrop tries again.
      backdrop.catch(() => backdrops.delete(svg));
    }
    return backdrop;
  };
  return {
    async draw(card) {
      // A glyph drawn in colours of its own (an emoji, where a colour emoji font is installed)
      // is more than the title's colour at some coverage: such a card is drawn whole.
      if (mayDrawInColour(card.title)) return drawWhole(card);
      const layers = ogCardLayers(card);
      const [backdrop, coverage] = await Promise.all([
        backdropOf(layers.backdrop),
        sharp(Buffer.from(layers.title.svg)).extractChannel(3).raw().toBuffer(),
      ]);
      const packed = Buffer.from(backdrop.packed);
      drawTitle(backdrop, coverage, layers.title.top, layers.title.height, packed);
      return palettePng(WIDTH, HEIGHT, backdrop.palette, packed);
    },
  };
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
 * Writes the title's rows into `packed`: each pixel the title covers at all becomes the palette
 * colour nearest the title's colour blended over the backdrop's; rows it does not touch keep
 * the backdrop's bytes.
 */
function drawTitle(
  backdrop: Backdrop,
  coverage: Buffer,
  top: number,
  height: number,
  packed: Buffer,
): void {
  if (coverage.length !== WIDTH * height) {
    throw new Error(`the title layer is ${coverage.length} pixels, not ${WIDTH}×${height}`);
  }
  const row = new Uint8Array(WIDTH);
  for (let y = 0; y < height; y += 1) {
    const from = y * WIDTH;
    const pixel = (top + y) * WIDTH;
    let touched = false;
    for (let x = 0; x < WIDTH; x += 1) {
      const under = backdrop.indices[pixel + x] as number;
      const cover = coverage[from + x] as number;
      if (cover === 0) {
        row[x] = under;
        continue;
      }
      touched = true;
      row[x] = blendIndex(backdrop, under, cover);
    }
    if (touched) packRow(row, 0, WIDTH, packed, (top + y) * ROW_BYTES);
  }
}

/** The palette index nearest the title's colour at `cover` (0-255) over palette colour `under`. */
function blendIndex(backdrop: Backdrop, under: number, cover: number): number {
  const key = under * 256 + cover;
  const known = backdrop.blends[key] as number;
  if (known >= 0) return known;
  const ground = backdrop.palette[under] as Rgb;
  const [red, green, blue] = blend(ground, backdrop.title, cover / 255);
  const index = nearestColour(backdrop.palette, red, green, blue);
  backdrop.blends[key] = index;
  return index;
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
  // A backdrop has a few hundred distinct colours among its 756,000 pixels, mostly in runs:
  // the last pixel's answer is kept, and the map asked only when the colour changes.
  const nearest = new Map<number, number>();
  let lastKey = -1;
  let lastIndex = 0;
  for (let pixel = 0; pixel < indices.length; pixel += 1) {
    const red = full[pixel * 3] as number;
    const green = full[pixel * 3 + 1] as number;
    const blue = full[pixel * 3 + 2] as number;
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
    indices[pixel] = lastIndex;
  }
  return {
    palette,
    indices,
    packed: packIndices(indices, WIDTH, HEIGHT),
    blends: new Int16Array(palette.length * 256).fill(-1),
    title,
  };
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
