/**
 * SVG sources are documents: before the build rasterises one (or a service receives it), it
 * must not carry scripts, event handlers or references to anything outside itself. The site
 * never inlines content SVG; this check keeps the sources honest for every consumer.
 */
const FORBIDDEN: [RegExp, string][] = [
  [/<script\b/i, "a <script> element"],
  [/<foreignObject\b/i, "a <foreignObject> element (embedded HTML)"],
  [/\son[a-z]+\s*=/i, "an event-handler attribute (on…=)"],
  [
    /(?:xlink:)?href\s*=\s*["'](?!#)/i,
    "a reference to another resource (only #fragment links are allowed)",
  ],
  [/url\(\s*["']?(?!#)/i, "a url() pointing outside the document"],
  [/<!ENTITY/i, "an XML entity declaration"],
];

/** Throws naming the file and what it contains when an SVG is not self-contained and inert. */
export function assertSafeSvg(svg: string, file: string): void {
  for (const [pattern, what] of FORBIDDEN) {
    if (pattern.test(svg)) {
      throw new Error(
        `${file}: SVG images must be self-contained and inert, but this one has ${what}.`,
      );
    }
  }
}
