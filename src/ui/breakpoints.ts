/** The spec's breakpoints in px. src/site/styles.css declares the same values as Tailwind screens (a test keeps them equal). */
export const BREAKPOINTS = {
  XS: 375,
  S: 480,
  M: 768,
  L: 1024,
  XL: 1600,
  "2XL": 2560,
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
