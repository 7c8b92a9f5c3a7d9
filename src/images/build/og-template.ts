/**
 * The Open Graph card of a page as SVG (1200×630): brand colours, the section, the page's
 * title wrapped to three lines, and the product name. Pure; og-raster.ts draws it to PNG.
 *
 * Flat colours, no gradient or translucency: a first build renders one card per page (10,000
 * for a 10,000-post blog), and flat areas rasterise and deflate in 12 ms a card instead of
 * 21 ms, into 59 KB instead of 96 KB (measured with sharp, full-colour PNG at level 6).
 */
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import { titleWidth, wrapTitle } from "./og-title.ts";

/**
 * How cards are written: PNG, which every social network takes, with a palette of 16 colours
 * and no dithering. A card is seven flat colours and the anti-aliased edges between them, so 16
 * colours draw it the same to the eye (at 3x zoom too) in 4 bits a pixel: 11-13 KB against
 * 52 KB in full colour. Every build puts every card into its output, so the bytes are paid
 * each time: 11,800 cards of a 10,000-post build were 650 MB in full colour, and copying them
 * into an output on another file system took 0.6-0.8 s of CPU. og-raster.ts draws them.
 */
export const OG_PALETTE_COLOURS = 16;

/**
 * Palette colours kept for the title's anti-aliased edges: shades of its colour over the
 * ground, evenly spaced (og-raster.ts). The backdrop gets the rest, which is as many as its
 * flat colours and their edges need.
 */
export const OG_TITLE_SHADES = 5;

/**
 * Bump when og-raster.ts draws a card differently (pixels, palette or bytes): the version is
 * part of every card's file name (pipeline.ts), so the cache draws its cards again.
 */
export const OG_DRAWING_VERSION = 4;

/** og-child.ts's argument for a child started before its cards are known: it warms up first. */
export const OG_CHILD_WARM_FLAG = "--warm";

/** The card a child warms up with, but its title: what it shares with the cards to come. */
export type OgWarmUpCard = Omit<OgCard, "title">;

/**
 * What og-child.ts reads on stdin: cards to draw, each into `dir` under its name; also packed
 * into a new pack in `packsDir` when one is given (card-pack.ts), where `dir` is the output.
 */
export interface OgChildBatch {
  cards: Array<{ card: OgCard; name: string }>;
  dir: string;
  packsDir?: string;
}

export interface OgCard {
  title: string;
  /** Small label above the title: "Blog", "Pricing"… */
  section: string;
  siteName: string;
  host: string;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
/**
 * Characters XML cannot hold, not even escaped: control characters but tab and line breaks,
 * lone surrogates and U+FFFE/U+FFFF. librsvg refused a card whose title had one, and the
 * build failed with its parse error; they draw nothing, so they are left out.
 */
const NOT_IN_XML = /[^\P{Cc}\t\n\r]|\p{Cs}|[\uFFFE\uFFFF]/gu;

/** `text` as SVG text or an attribute's value. */
export const escapeXml = (text: string) =>
  text.replace(NOT_IN_XML, "").replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** Where the section's pill is drawn: its top, and its height. */
const PILL_TOP = 120;
const PILL_HEIGHT = 44;

/**
 * The card's rows that hold the section's pill and label, and nothing else of the backdrop but
 * the ground, with a margin: backdrops of different sections are the same outside them
 * (og-template.test.ts checks it). Above the first title row (156).
 */
export const OG_SECTION_ROWS = { top: PILL_TOP - 8, height: PILL_HEIGHT + 16 } as const;

/** The title's left edge; its lines end by the same margin from the right edge, as the host does. */
const MARGIN = 88;
const TITLE_WIDTH = OG_IMAGE_WIDTH - 2 * MARGIN;
/** Space between the section label's text and its pill's ends. */
const PILL_PADDING = 20;

/** The card's font stack, first choice first, as librsvg's Pango goes down it… */
export const OG_FONT_FAMILIES = ["Liberation Sans", "DejaVu Sans", "Arial", "sans-serif"] as const;
/** …and as the SVG writes it (every card's name hashes its SVG: the text stays as it was). */
export const OG_FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

/** The card's ground, under the title: og-raster.ts blends the title's edges into it. */
export const OG_BACKGROUND = "#1d2b53";
/** The title's colour. */
export const OG_TITLE_FILL = "#ffffff";

/** A card in two layers: everything but the title, and the title over its rows alone. */
export interface OgCardLayers {
  /** The whole card without its title (SVG, OG_IMAGE_WIDTH × OG_IMAGE_HEIGHT). */
  backdrop: string;
  /**
   * The backdrop's rows `top` to `top + height` (SVG): the only ones where the backdrops of
   * two sections differ (the section's pill and label), og-raster.ts draws them alone.
   */
  section: { svg: string; top: number; height: number };
  /**
   * The title on a transparent ground, the card's rows `top` to `top + height` (SVG), and the
   * layout it was set in (og-glyphs.ts sets the same without it).
   */
  title: { svg: string; top: number; height: number; layout: OgTitleLayout };
}

/**
 * The card as one SVG: what names its file (pipeline.ts) and what og-raster.ts draws, in two
 * layers (`ogCardLayers`), to the same pixels.
 */
export function ogCardSvg(card: OgCard): string {
  const { open, ground, title, figure } = cardParts(card);
  return `${open}\n${ground}\n${title.text}\n${figure}\n</svg>`;
}

/**
 * The card in layers, for og-raster.ts: the part every card of a section shares is drawn and
 * reduced to its palette once, and each card draws only its title's rows: a third of the
 * card's pixels, and the one part that differs from card to card.
 */
export function ogCardLayers(card: OgCard): OgCardLayers {
  const { open, ground, title, figure } = cardParts(card);
  const { top, height } = title;
  const { top: sectionTop, height: sectionHeight } = OG_SECTION_ROWS;
  return {
    backdrop: `${open}\n${ground}\n${figure}\n</svg>`,
    section: {
      svg: rowsSvg(sectionTop, sectionHeight, ground),
      top: sectionTop,
      height: sectionHeight,
    },
    title: { svg: rowsSvg(top, height, title.text), top, height, layout: title.layout },
  };
}

/** The card's rows `top` to `top + height` of `content`, as an SVG of their own. */
function rowsSvg(top: number, height: number, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${height}" viewBox="0 ${top} ${OG_IMAGE_WIDTH} ${height}" font-family="${OG_FONT}">${content}</svg>`;
}

/** Where a card's title goes: its lines, their size, and the card's rows its glyphs can reach. */
export interface OgTitleLayout {
  lines: string[];
  /** Font size, px. */
  size: number;
  /** The lines' left edge and the first line's baseline, px. */
  left: number;
  baseline: number;
  /** From one baseline to the next, px. */
  lineHeight: number;
  /** The card's rows the title's glyphs can reach: `top` to `top + height`. */
  top: number;
  height: number;
}

/** The title's font sizes, px: two lines at the large size when the title fits them, else three. */
export const OG_TITLE_SIZES = { large: 72, small: 64 } as const;

/** The title's layout: what the SVG says and what og-glyphs.ts sets without it. */
export function ogTitleLayout(title: string): OgTitleLayout {
  const large = wrapTitle(title, TITLE_WIDTH / OG_TITLE_SIZES.large, 2);
  const { lines } = large.cut ? wrapTitle(title, TITLE_WIDTH / OG_TITLE_SIZES.small, 3) : large;
  const size = large.cut ? OG_TITLE_SIZES.small : OG_TITLE_SIZES.large;
  const lineHeight = Math.round(size * 1.15);
  const baseline = 250;
  // Accented capitals reach 1.2 em above the baseline in the card's faces, descenders 0.3 em
  // below: the title layer covers that and a margin, and nothing else of the card.
  const top = Math.max(0, baseline - Math.ceil(size * 1.3));
  const end = Math.min(
    OG_IMAGE_HEIGHT,
    baseline + (lines.length - 1) * lineHeight + Math.ceil(size * 0.45),
  );
  return { lines, size, left: MARGIN, baseline, lineHeight, top, height: Math.max(1, end - top) };
}

/** The pieces of a card's SVG, and the rows its title's glyphs can reach. */
function cardParts(card: OgCard) {
  const section = card.section.toUpperCase();
  // The label's width in its face, a pixel of letter spacing after each character, and padding.
  const pillWidth = Math.max(
    96,
    Math.ceil(titleWidth(section) * 24 + Array.from(section).length + 2 * PILL_PADDING),
  );
  const layout = ogTitleLayout(card.title);
  const text = layout.lines
    .map(
      (line, index) =>
        `<text x="${layout.left}" y="${layout.baseline + index * layout.lineHeight}" font-size="${layout.size}" font-weight="700" fill="${OG_TITLE_FILL}">${escapeXml(line)}</text>`,
    )
    .join("");
  return {
    open: `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}" font-family="${OG_FONT}">`,
    ground: `<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="${OG_BACKGROUND}"/>
<path d="M0 560 C 200 520 400 600 600 560 S 1000 520 1200 560 L1200 630 L0 630 Z" fill="#283f8f"/>
<path d="M0 590 C 220 560 420 620 640 590 S 1020 560 1200 590 L1200 630 L0 630 Z" fill="#3a5fd0"/>
<rect x="${MARGIN}" y="${PILL_TOP}" width="${pillWidth}" height="${PILL_HEIGHT}" rx="${PILL_HEIGHT / 2}" fill="#3d496b"/>
<text x="${MARGIN + PILL_PADDING}" y="150" font-size="24" font-weight="700" fill="#cfdcff" letter-spacing="1">${escapeXml(section)}</text>`,
    title: { text, top: layout.top, height: layout.height, layout },
    figure: `<circle cx="106" cy="506" r="18" fill="#ffffff"/><path d="M96 508 q10 -14 20 0" stroke="#2f4fb8" stroke-width="4" fill="none"/>
<text x="140" y="516" font-size="32" font-weight="700" fill="#ffffff">${escapeXml(card.siteName)}</text>
<text x="${OG_IMAGE_WIDTH - MARGIN}" y="516" font-size="26" fill="#cfdcff" text-anchor="end">${escapeXml(card.host)}</text>`,
  };
}
