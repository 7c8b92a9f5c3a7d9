/**
 * The specification's image constants (§9), named as the spec names them. The helper, the
 * local back end and the tests import them from here and nowhere else.
 */

/** Default quality of a service URL (and of every 1x variant). */
export const IMAGE_DEFAULT_QUALITY = 75;
/** The service's automatic format and compression. */
export const IMAGE_AUTO = "format,compress";
/** Smallest and largest width a generated srcset asks for. */
export const IMAGE_MIN_WIDTH = 100;
export const IMAGE_MAX_WIDTH = 8192;
/** How far apart (as a fraction) two neighbouring srcset widths may be… */
export const IMAGE_WIDTH_TOLERANCE = 0.08;
/** …and the smallest tolerance allowed (smaller would explode the srcset). */
export const IMAGE_MIN_WIDTH_TOLERANCE = 0.01;
/** Device pixel ratio of a single URL when none is given. */
export const IMAGE_DEFAULT_DPR = 1;
/** Pixel ratios lie between 1 and this. */
export const IMAGE_MAX_DPR = 5;
/** The ratios a fixed-size image offers (1x … 5x). */
export const IMAGE_DEVICE_PIXEL_RATIOS = [1, 2, 3, 4, 5] as const;
/** Quality per pixel ratio: a denser screen hides more compression. */
export const IMAGE_DPR_QUALITIES: Readonly<Record<number, number>> = {
  1: 75,
  2: 50,
  3: 35,
  4: 23,
  5: 20,
};
/** Display width when the caller gives none. */
export const IMAGE_DEFAULT_WIDTH = 800;
/** Aspect ratio (width / height) when neither the caller nor the source gives one. */
export const IMAGE_DEFAULT_ASPECT_RATIO = 4 / 3;
/**
 * The page's side gutter on a phone, in CSS px: every section sits in a Container
 * (src/ui/container.tsx, `px-5`), so a constrained image is never wider than the viewport less
 * two of these. Wider screens have wider gutters; a `sizes` that subtracts the narrowest stays
 * a safe overestimate there.
 */
export const PAGE_GUTTER_PX = 20;
/** The layouts the helper knows; one is required. */
export const IMAGE_LAYOUTS = ["constrained", "fixed", "fullWidth"] as const;
export type ImageLayout = (typeof IMAGE_LAYOUTS)[number];

/** Where the local back end writes its variants, under the build's output folder. */
export const LOCAL_IMAGE_PREFIX = "/assets/img/";
/** Where the build writes Open Graph images. */
export const OG_IMAGE_PREFIX = "/assets/og/";
/** Open Graph image size recommended by the major link previews. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
/** Image sources live here, relative to the content folder. */
export const IMAGE_SOURCE_DIR = "images";
