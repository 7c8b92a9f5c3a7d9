/**
 * SVG sources are documents: before the build rasterises one (or a service receives it), it
 * must not carry scripts, event handlers or references to anything outside itself. The site
 * never inlines content SVG; this check keeps the sources honest for every consumer.
 *
 * The checks read the text twice: as written, and with character references decoded (an
 * attribute value `u&#114;l(…)` is `url(…)` to the parser). Element names are matched with any
 * namespace prefix (`<s:script>` is a script when `s` names SVG's namespace), and CSS escapes
 * (`u\72 l(`) are refused outright, since SVG artwork has no use for them.
 */
const FORBIDDEN: [RegExp, string][] = [
  [/<(?:[\w.-]+:)?script\b/i, "a <script> element"],
  [/<(?:[\w.-]+:)?foreignObject\b/i, "a <foreignObject> element (embedded HTML)"],
  // Inside a tag: the same words in a <title> or <desc> are text, not a handler.
  [/<[^>]*\son[a-z]+\s*=/i, "an event-handler attribute (on…=)"],
  [
    /(?:xlink:)?href\s*=\s*["'](?!#)/i,
    "a reference to another resource (only #fragment links are allowed)",
  ],
  [
    /<(?:[\w.-]+:)?(?:animate|set)\b[^>]*\sattributeName\s*=\s*["']?(?:[\w.-]+:)?href\b/i,
    "an animation that changes a link (<animate> or <set> of href)",
  ],
  [/url\(\s*["']?(?!#)/i, "a url() pointing outside the document"],
  [/@import\b/i, "a CSS @import"],
  [/\\[0-9a-f]/i, "a CSS escape (which can spell url() or @import)"],
  [/<!ENTITY/i, "an XML entity declaration"],
  [/<!DOCTYPE[^>]*\b(?:SYSTEM|PUBLIC)\b/i, "a DOCTYPE that loads an external definition"],
];

/** Numeric character references decoded: how the XML parser reads the text. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (reference, code: string) => {
    const point =
      code[0] === "x" || code[0] === "X" ? Number.parseInt(code.slice(1), 16) : Number(code);
    return Number.isInteger(point) && point >= 0 && point <= 0x10ffff
      ? String.fromCodePoint(point)
      : reference;
  });
}

/** Throws naming the file and what it contains when an SVG is not self-contained and inert. */
export function assertSafeSvg(svg: string, file: string): void {
  const decoded = decodeCharacterReferences(svg);
  for (const [pattern, what] of FORBIDDEN) {
    if (pattern.test(svg) || pattern.test(decoded)) {
      throw new Error(
        `${file}: SVG images must be self-contained and inert, but this one has ${what}.`,
      );
    }
  }
}

/**
 * Whether a source's bytes are markup (an SVG, or anything else a parser would read as XML)
 * whatever its file name says: an SVG saved as `.png` is still an SVG to sharp and to a
 * service, so it is checked like one.
 */
export function looksLikeMarkup(bytes: Buffer): boolean {
  const start = bytes
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return start.startsWith("<");
}
