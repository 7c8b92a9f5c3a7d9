import { z } from "zod";

/**
 * A reference to an image a section shows. Temporary local twin of the image pipeline's
 * `imageRefSchema` (src/images/): same shape, so switching to it is an import change here
 * and in section-image.tsx, nothing else.
 */
export const imageRefSchema = z
  .object({
    src: z
      .string()
      .min(1)
      .refine((value) => !/^[a-z]+:|^\/\//i.test(value), {
        message: "expected a path under content/images/ (or static/images/), not a URL",
      })
      .describe("Path of the image file, e.g. images/inbox-queue.svg. Never a URL."),
    alt: z
      .string()
      .describe("What the image shows, for people who cannot see it. Empty only if decorative."),
    decorative: z
      .literal(true)
      .optional()
      .describe('true when the image adds nothing the text does not say: it gets alt="".'),
    width: z.number().int().positive().optional().describe("Intrinsic width in px (default 1200)."),
    height: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("Intrinsic height in px (default 800)."),
  })
  .strict()
  .refine((image) => image.decorative === true || image.alt.trim() !== "", {
    message: "an image needs alt text unless it is marked decorative: true",
    path: ["alt"],
  })
  .describe("An image reference: { src, alt, decorative? }.");

export type ImageRef = z.infer<typeof imageRefSchema>;
