/**
 * Images for components and content: the `<Image>` component, the content ref schema and the
 * resolved-image type. The spec's helper (layout rules on @imgix/js-core) is ./helper.ts;
 * build-only code (sharp, files, caching) lives in ./build/ and is imported only by src/build.
 */
export * from "./constants.ts";
export { Image, type ImageProps } from "./image.tsx";
export { isPendingImage, type PendingImage, pendingImage } from "./pending.ts";
export { IMAGE_PRESETS, type ImagePreset, type ImagePresetName } from "./presets.ts";
export { type ImageRef, type ImageSource, imageRefSchema, type ResolvedImage } from "./schema.ts";
