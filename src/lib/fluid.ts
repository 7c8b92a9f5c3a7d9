/**
 * Fluid sizes (spec §9): a CSS clamp in rem (base 16 px) that grows linearly from `minPx` at
 * `minViewport` to `maxPx` at `maxViewport`, and stays put outside that range.
 */
export const ROOT_FONT_SIZE_PX = 16;

function round(value: number): number {
  // Four decimals are below a hundredth of a pixel: enough, and stable in snapshots.
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function fluidClamp(
  minPx: number,
  maxPx: number,
  minViewport: number,
  maxViewport: number,
): string {
  const inputs = [minPx, maxPx, minViewport, maxViewport];
  if (!inputs.every(Number.isFinite)) throw new RangeError("fluidClamp needs finite numbers.");
  if (maxViewport <= minViewport) {
    throw new RangeError("fluidClamp: maxViewport must be larger than minViewport.");
  }
  const rem = (px: number) => `${round(px / ROOT_FONT_SIZE_PX)}rem`;
  if (minPx === maxPx) return rem(minPx);
  const slope = (maxPx - minPx) / (maxViewport - minViewport);
  const intercept = minPx - slope * minViewport;
  const low = Math.min(minPx, maxPx);
  const high = Math.max(minPx, maxPx);
  return `clamp(${rem(low)}, ${rem(intercept)} + ${round(slope * 100)}vw, ${rem(high)})`;
}
