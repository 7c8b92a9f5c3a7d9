/**
 * The Open Graph card of a page as SVG (1200×630): brand colours, the section, the page's
 * title wrapped to three lines, and the product name. Pure; og-child.ts renders it to PNG.
 *
 * Flat colours, no gradient or translucency: a first build renders one card per page (10,000
 * for a 10,000-post blog), and flat areas rasterise and deflate in 12 ms a card instead of
 * 21 ms, into 59 KB instead of 96 KB (measured with sharp, full-colour PNG at level 6).
 */
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import { titleWidth, wrapTitle } from "./og-title.ts";

/**
 * How cards are written: PNG, which every social network takes. A card is seven flat colours
 * and the anti-aliased edges between them, so 16 palette colours without dithering draw it the
 * same to the eye (at 3x zoom too) in 4 bits a pixel: 11.6 KB against 52 KB in full colour.
 * Every build puts every card into its output, so the bytes are paid each time: 11,800 cards
 * of a 10,000-post build were 650 MB, and copying them into an output on another file system
 * took 0.6-0.8 s of CPU. Rendering a card takes about 7 ms longer (21 against 14 ms), once:
 * cards are cached by what they show (pipeline.ts).
 */
export const OG_PNG_OPTIONS = { palette: true, colours: 16, dither: 0, effort: 1 } as const;

/** og-child.ts's argument for a child started before its cards are known: it warms up first. */
export const OG_CHILD_WARM_FLAG = "--warm";

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
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** The title's left edge; its lines end by the same margin from the right edge, as the host does. */
const MARGIN = 88;
const TITLE_WIDTH = OG_IMAGE_WIDTH - 2 * MARGIN;
/** Space between the section label's text and its pill's ends. */
const PILL_PADDING = 20;

const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

export function ogCardSvg(card: OgCard): string {
  const section = card.section.toUpperCase();
  // The label's width in its face, a pixel of letter spacing after each character, and padding.
  const pillWidth = Math.max(
    96,
    Math.ceil(titleWidth(section) * 24 + Array.from(section).length + 2 * PILL_PADDING),
  );
  // Two lines at the large size when the title fits them, else three at the smaller one.
  const large = wrapTitle(card.title, TITLE_WIDTH / 72, 2);
  const { lines } = large.cut ? wrapTitle(card.title, TITLE_WIDTH / 64, 3) : large;
  const titleSize = large.cut ? 64 : 72;
  const lineHeight = Math.round(titleSize * 1.15);
  const top = 250;
  const title = lines
    .map(
      (line, index) =>
        `<text x="${MARGIN}" y="${top + index * lineHeight}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}" font-family="${FONT}">
<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="#1d2b53"/>
<path d="M0 560 C 200 520 400 600 600 560 S 1000 520 1200 560 L1200 630 L0 630 Z" fill="#283f8f"/>
<path d="M0 590 C 220 560 420 620 640 590 S 1020 560 1200 590 L1200 630 L0 630 Z" fill="#3a5fd0"/>
<rect x="${MARGIN}" y="120" width="${pillWidth}" height="44" rx="22" fill="#3d496b"/>
<text x="${MARGIN + PILL_PADDING}" y="150" font-size="24" font-weight="700" fill="#cfdcff" letter-spacing="1">${escapeXml(section)}</text>
${title}
<circle cx="106" cy="506" r="18" fill="#ffffff"/><path d="M96 508 q10 -14 20 0" stroke="#2f4fb8" stroke-width="4" fill="none"/>
<text x="140" y="516" font-size="32" font-weight="700" fill="#ffffff">${escapeXml(card.siteName)}</text>
<text x="${OG_IMAGE_WIDTH - MARGIN}" y="516" font-size="26" fill="#cfdcff" text-anchor="end">${escapeXml(card.host)}</text>
</svg>`;
}
