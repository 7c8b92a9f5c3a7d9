import { fluidClamp } from "../lib/index.ts";
import { BREAKPOINTS } from "./breakpoints.ts";

/**
 * The fluid type scale and section spacing, in px at the smallest (XS, 375) and the largest
 * (XL, 1600) viewport. src/site/styles.css holds the resulting clamps as Tailwind theme
 * tokens (`text-display`, `py-section`…); type-scale.test.ts keeps the two in step.
 */
export const FLUID_MIN_VIEWPORT = BREAKPOINTS.XS;
export const FLUID_MAX_VIEWPORT = BREAKPOINTS.XL;

export const TYPE_SCALE = {
  display: { min: 38, max: 64, lineHeight: 1.08 },
  h1: { min: 34, max: 52, lineHeight: 1.1 },
  h2: { min: 28, max: 40, lineHeight: 1.15 },
  h3: { min: 20, max: 24, lineHeight: 1.3 },
  h4: { min: 17, max: 19, lineHeight: 1.4 },
  lead: { min: 18, max: 21, lineHeight: 1.55 },
  quote: { min: 22, max: 32, lineHeight: 1.35 },
  stat: { min: 36, max: 52, lineHeight: 1.1 },
} as const;

export const SPACING_SCALE = {
  section: { min: 56, max: 112 },
} as const;

export type TypeToken = keyof typeof TYPE_SCALE;

export function typeTokenValue(token: TypeToken): string {
  const { min, max } = TYPE_SCALE[token];
  return fluidClamp(min, max, FLUID_MIN_VIEWPORT, FLUID_MAX_VIEWPORT);
}

export function spacingTokenValue(token: keyof typeof SPACING_SCALE): string {
  const { min, max } = SPACING_SCALE[token];
  return fluidClamp(min, max, FLUID_MIN_VIEWPORT, FLUID_MAX_VIEWPORT);
}
