/**
 * Touch detection (spec §9): a device is touch-capable when it supports touch events or
 * reports more than zero touch points. Takes the globals as parameters so it is testable
 * and safe during prerender (no window: not touch).
 */
export interface TouchEnvironment {
  window?: object | undefined;
  navigator?: { maxTouchPoints?: number; msMaxTouchPoints?: number } | undefined;
}

export function isTouchDevice(
  env: TouchEnvironment = {
    window: typeof window === "undefined" ? undefined : window,
    navigator: typeof navigator === "undefined" ? undefined : navigator,
  },
): boolean {
  if (env.window && "ontouchstart" in env.window) return true;
  const points = env.navigator?.maxTouchPoints ?? env.navigator?.msMaxTouchPoints ?? 0;
  return points > 0;
}
