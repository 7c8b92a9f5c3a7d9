import { z } from "zod";
import type { ImageLayout } from "./constants.ts";

/** A path under content/images/: lowercase segments, a known image extension, no `..`. */
const IMAGE_SOURCE_PATH =
  /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*\.(?:svg|png|jpe?g|webp|avif)$/;

/**
 * How content refers to an image: a file under content/images/ and its text alternative.
 * Alt text is required; it may be empty only for an image marked `decorative: true`.
 */
export const imageRefSchema = /* @__PURE__ */ createImageRefSchema();
export type ImageRef = z.infer<typeof imageRefSchema>;

// A function call marked pure, so a browser bundle that never validates drops zod entirely.
function createImageRefSchema() {
  return z
    .object({
      src: z
        .string()
        .regex(
          IMAGE_SOURCE_PATH,
          "expected a path under content/images/ such as illustrations/inbox.svg (lowercase, no ..)",
        )
        .describe("The image file, relative to content/images/."),
      alt: z
        .string()
        .describe(
          "What the image shows, for people who cannot see it. Empty only when decorative.",
        ),
      decorative: z
        .literal(true)
        .optional()
        .describe("Set to true for a purely decorative image; screen readers then skip it."),
    })
    .strict()
    .refine((ref) => ref.decorative === true || ref.alt.trim() !== "", {
      message: "alt text is required (describe the image), or mark the image `decorative: true`",
      path: ["alt"],
    });
}

/** One modern-format `<source>` of a `<picture>`. */
export interface ImageSource {
  type: string;
  srcSet: string;
}

/**
 * An image the build has resolved for a component: every URL is final. Components never
 * receive raw URL strings or content refs.
 */
export interface ResolvedImage {
  /** The fallback file (JPEG/PNG locally; the service picks the format itself). */
  src: string;
  srcSet: string;
  sizes: string;
  /** AVIF then WebP, locally; empty for the image service (it negotiates the format). */
  sources: ImageSource[];
  /** Intrinsic display size in CSS px: reserves the space, so nothing shifts. */
  width: number;
  height: number;
  layout: ImageLayout;
  /** "" when decorative. */
  alt: string;
  /** A CSS background shown until the image paints: a tiny data URL, or a colour. */
  placeholder?: string;
  /** The page's largest image: loaded eagerly with high priority, and preloaded (the first of them). */
  priority: boolean;
}
