/**
 * Images for content, pure (no React, no Node): the content ref schema, presets and the
 * resolved-image type. The `<Image>` component that renders them is in the design system
 * (src/ui). The spec's helper (layout rules on @imgix/js-core) is ./helper.ts;
 * build-only code (sharp, files, caching) lives in ./build/ and is imported only by src/build.
 */
export * from "./constants.ts";
export { isPendingImage, type PendingImage, pendingImage } from "./pending.ts";
export { IMAGE_PRESETS, type ImagePreset, type ImagePresetName } from "./presets.ts";
export { type ImageRef, type ImageSource, imageRefSchema, type ResolvedImage } from "./schema.ts";
