/**
 * Images: the spec's helper (layout rules on @imgix/js-core), the content ref schema and the
 * `<Image>` component. Build-only code (sharp, files, caching) lives in ./build/ and is
 * imported only by src/build.
 */
export * from "./constants.ts";
export { ImageHelperError, type ImageOptionName } from "./errors.ts";
export { Image, type ImageProps } from "./image.tsx";
export {
  type ImageCandidate,
  type ImageLayoutOptions,
  type ImagePlan,
  planImage,
  qualityForDpr,
  sizesFor,
  srcsetWidths,
} from "./layout.ts";
export { isPendingImage, type PendingImage, pendingImage } from "./pending.ts";
export { IMAGE_PRESETS, type ImagePreset, type ImagePresetName } from "./presets.ts";
export { type ImageRef, type ImageSource, imageRefSchema, type ResolvedImage } from "./schema.ts";
export { type ImageUrlOptions, imageServiceClient, imageUrl, serviceImage } from "./service.ts";
