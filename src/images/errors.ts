/** Which helper input was wrong; the error message says why. */
export type ImageOptionName =
  | "layout"
  | "width"
  | "height"
  | "aspectRatio"
  | "quality"
  | "dpr"
  | "widths"
  | "minWidth"
  | "maxWidth"
  | "widthTolerance"
  | "devicePixelRatios"
  | "domain";

/** Thrown by the image helper for an invalid option (spec §8: invalid layout, width or aspect ratio). */
export class ImageHelperError extends Error {
  readonly option: ImageOptionName;
  constructor(option: ImageOptionName, reason: string) {
    super(`Image helper: invalid ${option}: ${reason}`);
    this.name = "ImageHelperError";
    this.option = option;
  }
}
