/**
 * The spec's image helper (§8, §9) for build code: layout rules and service URLs. Kept apart
 * from index.ts so pages that only render `<Image>` never ship @imgix/js-core to browsers.
 */
export * from "./constants.ts";
export { ImageHelperError, type ImageOptionName } from "./errors.ts";
export {
  type ImageCandidate,
  type ImageLayoutOptions,
  type ImagePlan,
  planImage,
  qualityForDpr,
  sizesFor,
  srcsetWidths,
} from "./layout.ts";
export { type ImageUrlOptions, imageServiceClient, imageUrl, serviceImage } from "./service.ts";
