/** The design system's public surface. */
export * from "./badge.tsx";
export * from "./breakpoints.ts";
export * from "./button.tsx";
export * from "./icons.tsx";
export * from "./image.tsx";
export * from "./interview-signals.tsx";
export * from "./rich-text.tsx";
