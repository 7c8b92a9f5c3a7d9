/**
 * Node-only surface of the images folder, for the build and the dev server: the pipeline that
 * resizes sources with sharp (or writes image-service URLs), its checks and its report. Kept
 * apart from index.ts so the browser bundle never sees sharp or the file system.
 */

export type { OgWarmUpCard } from "./build/og-template.ts";
export {
  createImagePipeline,
  type ImagePipeline,
  type ImagePipelineOptions,
  type ImageReport,
  MissingImageError,
  type PictureBase,
  prestartOgChild,
  type WaitingOgChild,
} from "./build/pipeline.ts";
export { eachLimited } from "./build/pool.ts";
export { assertSafeSvg } from "./build/svg-safety.ts";
export { IMAGE_SOURCE_DIR } from "./constants.ts";
