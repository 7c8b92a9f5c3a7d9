/**
 * The image helper's layout rules (spec §9): from a layout and a few options, the display
 * size, the `sizes` attribute and the candidate widths of the srcset. Pure: both back ends
 * (the image service and the local sharp pipeline) ask this module which variants exist, so
 * they always agree. Width generation and its validations are @imgix/js-core's own.
 */
import ImgixClient from "@imgix/js-core";
import {
  IMAGE_DEFAULT_ASPECT_RATIO,
  IMAGE_DEFAULT_QUALITY,
  IMAGE_DEFAULT_WIDTH,
  IMAGE_DEVICE_PIXEL_RATIOS,
  IMAGE_DPR_QUALITIES,
  IMAGE_LAYOUTS,
  IMAGE_MAX_DPR,
  IMAGE_MAX_WIDTH,
  IMAGE_MIN_WIDTH,
  IMAGE_MIN_WIDTH_TOLERANCE,
  IMAGE_WIDTH_TOLERANCE,
  type ImageLayout,
  PAGE_GUTTER_PX,
} from "./constants.ts";
import { ImageHelperError } from "./errors.ts";

export interface ImageLayoutOptions {
  /** Required: how the image sizes itself on the page. */
  layout: ImageLayout;
  /** Display width in CSS px (default 800). For fullWidth, only the intrinsic width. */
  width?: number;
  /** Display height in CSS px; defaults to width / aspectRatio. */
  height?: number;
  /** width / height; defaults to the source's, else 4:3. */
  aspectRatio?: number;
  /** Quality of every variant; unset, fixed images use the per-ratio qualities. */
  quality?: number;
  /** An explicit srcset widths list (constrained and fullWidth). */
  widths?: number[];
  minWidth?: number;
  maxWidth?: number;
  widthTolerance?: number;
  /** Pixel ratios a fixed image offers (default 1–5). */
  devicePixelRatios?: number[];
}

/** One srcset entry: the pixel size of the file and its descriptor (`480w` or `2x`). */
export interface ImageCandidate {
  width: number;
  height: number;
  descriptor: string;
  quality: number;
  /** Set for a fixed image's pixel-ratio entries. */
  dpr?: number;
}

export interface ImagePlan {
  layout: ImageLayout;
  width: number;
  height: number;
  aspectRatio: number;
  sizes: string;
  quality: number;
  candidates: ImageCandidate[];
}

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;

const shown = (value: unknown) => (typeof value === "string" ? `"${value}"` : String(value));

export function assertLayout(layout: unknown): asserts layout is ImageLayout {
  if (layout === undefined || layout === null || layout === "") {
    throw new ImageHelperError(
      "layout",
      `a layout is required: one of ${IMAGE_LAYOUTS.join(", ")}`,
    );
  }
  if (!(IMAGE_LAYOUTS as readonly unknown[]).includes(layout)) {
    throw new ImageHelperError(
      "layout",
      `expected one of ${IMAGE_LAYOUTS.join(", ")}, got ${shown(layout)}`,
    );
  }
}

export function assertPixels(option: "width" | "height", value: unknown): void {
  if (!isPositiveInteger(value)) {
    throw new ImageHelperError(
      option,
      `expected a positive whole number of CSS pixels, got ${shown(value)}`,
    );
  }
  if (value > IMAGE_MAX_WIDTH) {
    throw new ImageHelperError(option, `${value} is above the maximum of ${IMAGE_MAX_WIDTH}`);
  }
}

function assertAspectRatio(value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ImageHelperError(
      "aspectRatio",
      `expected a positive number (width / height, e.g. 4 / 3), got ${shown(value)}`,
    );
  }
}

export function assertQuality(value: unknown): asserts value is number {
  if (!isPositiveInteger(value) || value > 100) {
    throw new ImageHelperError(
      "quality",
      `expected a whole number from 1 to 100, got ${shown(value)}`,
    );
  }
}

export function assertDpr(value: unknown): asserts value is number {
  if (typeof value !== "number" || !(value >= 1 && value <= IMAGE_MAX_DPR)) {
    throw new ImageHelperError(
      "dpr",
      `expected a pixel ratio between 1 and ${IMAGE_MAX_DPR}, got ${shown(value)}`,
    );
  }
}

/** The spec's rule for an explicit widths list (the same test as @imgix/js-core's). */
export function assertWidths(widths: unknown): asserts widths is number[] {
  if (!Array.isArray(widths) || widths.length === 0) {
    throw new ImageHelperError("widths", "expected a non-empty array of positive integers");
  }
  const bad = widths.find((width) => !isPositiveInteger(width));
  if (bad !== undefined) {
    throw new ImageHelperError(
      "widths",
      `every width must be a positive integer, got ${shown(bad)}`,
    );
  }
}

function assertRange(
  minWidth: unknown,
  maxWidth: unknown,
  /** The option to name when they are out of order: the one the caller gave. */
  given: "minWidth" | "maxWidth",
): void {
  for (const [option, value] of [
    ["minWidth", minWidth],
    ["maxWidth", maxWidth],
  ] as const) {
    if (!isPositiveInteger(value)) {
      throw new ImageHelperError(option, `expected a positive integer, got ${shown(value)}`);
    }
  }
  if ((minWidth as number) >= (maxWidth as number)) {
    throw given === "minWidth"
      ? new ImageHelperError(
          "minWidth",
          `the minimum srcset width (${minWidth}) must be below the maximum (${maxWidth})`,
        )
      : new ImageHelperError(
          "maxWidth",
          `the maximum srcset width (${maxWidth}) must be above the minimum (${minWidth})`,
        );
  }
}

function assertTolerance(value: unknown): asserts value is number {
  if (typeof value !== "number" || !(value >= IMAGE_MIN_WIDTH_TOLERANCE)) {
    throw new ImageHelperError(
      "widthTolerance",
      `expected a number of at least ${IMAGE_MIN_WIDTH_TOLERANCE}, got ${shown(value)}`,
    );
  }
}

function assertRatios(ratios: unknown): asserts ratios is number[] {
  if (!Array.isArray(ratios) || ratios.length === 0) {
    throw new ImageHelperError(
      "devicePixelRatios",
      "expected a non-empty array of ratios from 1 to 5",
    );
  }
  for (const ratio of ratios) {
    if (typeof ratio !== "number" || !(ratio >= 1 && ratio <= IMAGE_MAX_DPR)) {
      throw new ImageHelperError(
        "devicePixelRatios",
        `every ratio must lie between 1 and ${IMAGE_MAX_DPR}, got ${shown(ratio)}`,
      );
    }
  }
}

/** Quality for a pixel ratio: the spec's table, rounding a fractional ratio down. */
export function qualityForDpr(dpr: number): number {
  return IMAGE_DPR_QUALITIES[dpr] ?? IMAGE_DPR_QUALITIES[Math.floor(dpr)] ?? IMAGE_DEFAULT_QUALITY;
}

/**
 * The `sizes` attribute per layout: what width the image takes in the viewport. A constrained
 * image below its width fills the page's column, the viewport less its gutters: saying `100vw`
 * there made a 412 px phone at 1.75x ask for 721 px and fetch the 1080 w variant of a 372 px
 * hero, 2.25 times the pixels of the 720 w one, and its later decode sometimes painted the hero
 * a frame after the text (Lighthouse's LCP then 1.7 s instead of 1.0 s).
 */
export function sizesFor(layout: ImageLayout, width: number): string {
  switch (layout) {
    case "fixed":
      return `${width}px`;
    case "constrained": {
      const gutters = 2 * PAGE_GUTTER_PX;
      return `(min-width: ${width + gutters}px) ${width}px, calc(100vw - ${gutters}px)`;
    }
    case "fullWidth":
      return "100vw";
  }
}

/**
 * The srcset widths of a width-described layout: an explicit list as given, or @imgix/js-core's
 * tolerance series from minWidth (default 100) to maxWidth (default 8192, or twice the display
 * width for a constrained image, which never shows wider than that on a 2x screen).
 */
export function srcsetWidths(options: ImageLayoutOptions, width: number): number[] {
  if (options.widths !== undefined) {
    assertWidths(options.widths);
    return [...options.widths];
  }
  const minWidth = options.minWidth ?? IMAGE_MIN_WIDTH;
  const defaultMax =
    options.layout === "constrained" ? Math.min(width * 2, IMAGE_MAX_WIDTH) : IMAGE_MAX_WIDTH;
  const tolerance = options.widthTolerance ?? IMAGE_WIDTH_TOLERANCE;
  assertTolerance(tolerance);
  // A constrained image no wider than half the minimum needs the minimum alone, not a
  // second candidate a pixel wider.
  if (options.maxWidth === undefined && defaultMax <= minWidth) {
    assertRange(minWidth, minWidth + 1, "minWidth");
    return [minWidth];
  }
  const maxWidth = options.maxWidth ?? defaultMax;
  assertRange(
    minWidth,
    maxWidth,
    options.minWidth === undefined && options.maxWidth !== undefined ? "maxWidth" : "minWidth",
  );
  return ImgixClient.targetWidths(minWidth, maxWidth, tolerance, {});
}

/** Validates the options and derives the layout: display size, sizes and srcset candidates. */
export function planImage(options: ImageLayoutOptions, sourceAspectRatio?: number): ImagePlan {
  assertLayout(options.layout);
  const width = options.width ?? IMAGE_DEFAULT_WIDTH;
  assertPixels("width", width);
  if (options.height !== undefined) assertPixels("height", options.height);
  if (options.aspectRatio !== undefined) assertAspectRatio(options.aspectRatio);
  if (options.quality !== undefined) assertQuality(options.quality);
  const aspectRatio =
    options.aspectRatio ??
    (options.height !== undefined ? width / options.height : undefined) ??
    sourceAspectRatio ??
    IMAGE_DEFAULT_ASPECT_RATIO;
  assertAspectRatio(aspectRatio);
  const height = options.height ?? Math.round(width / aspectRatio);
  const heightFor = (w: number) => Math.max(1, Math.round(w / aspectRatio));

  let candidates: ImageCandidate[];
  if (options.layout === "fixed") {
    const ratios = options.devicePixelRatios ?? [...IMAGE_DEVICE_PIXEL_RATIOS];
    assertRatios(ratios);
    candidates = ratios.map((dpr) => ({
      width: Math.round(width * dpr),
      height: Math.round(height * dpr),
      descriptor: `${dpr}x`,
      quality: options.quality ?? qualityForDpr(dpr),
      dpr,
    }));
  } else {
    candidates = srcsetWidths(options, width).map((w) => ({
      width: w,
      height: heightFor(w),
      descriptor: `${w}w`,
      quality: options.quality ?? IMAGE_DEFAULT_QUALITY,
    }));
  }
  return {
    layout: options.layout,
    width,
    height,
    aspectRatio,
    sizes: sizesFor(options.layout, width),
    quality: options.quality ?? IMAGE_DEFAULT_QUALITY,
    candidates,
  };
}
