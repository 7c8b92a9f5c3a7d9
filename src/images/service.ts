/**
 * The image-service back end (imgix, spec §7/§9): URLs and srcsets built by @imgix/js-core,
 * which owns the URL format, the pixel-ratio qualities and the domain check. The layout
 * rules come from layout.ts, so the service is asked for exactly the planned variants.
 */
import ImgixClient from "@imgix/js-core";
import { IMAGE_AUTO, IMAGE_DEFAULT_DPR, IMAGE_DEFAULT_QUALITY } from "./constants.ts";
import { ImageHelperError } from "./errors.ts";
import { assertDpr, assertPixels, assertQuality, type ImagePlan } from "./layout.ts";

/**
 * A host name's labels: letters, digits and inner hyphens, the last one letters only (as
 * js-core's own check wants it). That check alone lets an IP address, a numeric top-level
 * label, an underscore and a label's leading or trailing hyphen through.
 */
const FULLY_QUALIFIED_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/** A client for the configured domain; throws when it is not a bare fully qualified name. */
export function imageServiceClient(domain: string): ImgixClient {
  try {
    if (!FULLY_QUALIFIED_NAME.test(domain)) throw new Error("not a fully qualified name");
    // No `ixlib` parameter: it only tells the service which SDK built the URL.
    return new ImgixClient({ domain, includeLibraryParam: false, useHTTPS: true });
  } catch {
    throw new ImageHelperError(
      "domain",
      `expected a bare fully qualified name such as "harbordesk.imgix.net" (no protocol, path or port), got "${domain}"`,
    );
  }
}

export interface ImageUrlOptions {
  width?: number;
  height?: number;
  /** Device pixel ratio, 1 to 5; default 1. */
  dpr?: number;
  /** Default 75. */
  quality?: number;
}

/** One service URL: automatic format and compression, quality 75 and ratio 1 unless told. */
export function imageUrl(client: ImgixClient, path: string, options: ImageUrlOptions = {}): string {
  const quality = options.quality ?? IMAGE_DEFAULT_QUALITY;
  const dpr = options.dpr ?? IMAGE_DEFAULT_DPR;
  assertQuality(quality);
  assertDpr(dpr);
  if (options.width !== undefined) assertPixels("width", options.width);
  if (options.height !== undefined) assertPixels("height", options.height);
  return client.buildURL(path, {
    auto: IMAGE_AUTO,
    q: quality,
    ...(options.width !== undefined ? { w: options.width } : {}),
    ...(options.height !== undefined ? { h: options.height } : {}),
    dpr,
  });
}

/** The planned variants as service URLs: `src` for the 1x/default width, `srcSet` for all. */
export function serviceImage(
  client: ImgixClient,
  path: string,
  plan: ImagePlan,
): { src: string; srcSet: string } {
  if (plan.layout === "fixed") {
    const qualities: Record<number, number> = {};
    for (const candidate of plan.candidates) {
      if (candidate.dpr !== undefined) qualities[candidate.dpr] = candidate.quality;
    }
    return {
      src: imageUrl(client, path, {
        width: plan.width,
        height: plan.height,
        quality: plan.quality,
      }),
      srcSet: client.buildSrcSet(
        path,
        { auto: IMAGE_AUTO, w: plan.width, h: plan.height },
        {
          devicePixelRatios: plan.candidates.map((candidate) => candidate.dpr ?? 1),
          variableQualities: qualities,
        },
      ),
    };
  }
  return {
    src: imageUrl(client, path, { width: plan.width, quality: plan.quality }),
    srcSet: client.buildSrcSet(
      path,
      { auto: IMAGE_AUTO, q: plan.quality },
      { widths: plan.candidates.map((candidate) => candidate.width) },
    ),
  };
}
