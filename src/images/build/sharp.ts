/**
 * sharp, loaded the first time a picture is actually read or encoded. A build whose images all
 * come from the cache never needs it, and loading libvips was a tenth of a second of every
 * build's start, before anything else could run.
 */
import type { Sharp, SharpOptions } from "sharp";

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | null = null;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // The build, not libvips, decides parallelism; an unbounded operation cache would hold
    // every decoded source for the whole build.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
