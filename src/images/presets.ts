/**
 * How each kind of picture on the site is laid out. Content only names a file and its alt
 * text; the place that shows it picks a preset, and the build resolves the pair before render
 * (so the variants exist before any page is written). Explicit widths keep the local back end
 * to a handful of files per picture; both back ends offer exactly these variants.
 */
import type { ImageLayoutOptions } from "./layout.ts";

export interface ImagePreset extends ImageLayoutOptions {
  /** The page's largest image: eager, high fetch priority, preloaded in the head. */
  priority?: boolean;
}

export const IMAGE_PRESETS = {
  /** Home and landing heroes: the width of the content column. */
  hero: { layout: "constrained", width: 720, widths: [480, 720, 1080, 1440], priority: true },
  /** A blog post's cover, the width of the article column. */
  cover: { layout: "constrained", width: 720, widths: [480, 720, 1080, 1440], priority: true },
  /** Illustrations inside sections. */
  illustration: { layout: "constrained", width: 640, widths: [320, 640, 960, 1280] },
  /** Screens that span the viewport. */
  banner: { layout: "fullWidth", width: 1600, widths: [640, 1024, 1600, 2560] },
  /** Author page portrait. */
  portrait: { layout: "fixed", width: 112, aspectRatio: 1, devicePixelRatios: [1, 2, 3] },
  /** The small portrait on a post's author line. */
  avatar: { layout: "fixed", width: 40, aspectRatio: 1, devicePixelRatios: [1, 2, 3] },
  /** A book's cover beside its introduction (the source's own aspect ratio). */
  bookCover: { layout: "fixed", width: 200, devicePixelRatios: [1, 2] },
  /** Customer wordmarks. */
  logo: { layout: "fixed", width: 160, height: 48, devicePixelRatios: [1, 2] },
} as const satisfies Record<string, ImagePreset>;
export type ImagePresetName = keyof typeof IMAGE_PRESETS;
