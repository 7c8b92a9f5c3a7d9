/** The design system's public surface. */
export * from "./badge.tsx";
export * from "./breakpoints.ts";
export * from "./button.tsx";
export * from "./button-element.tsx";
export * from "./button-on-dark.ts";
export * from "./card.tsx";
export * from "./container.tsx";
export * from "./glyphs.tsx";
export * from "./grid.tsx";
export * from "./heading.tsx";
export * from "./icon-set.tsx";
export * from "./icons.tsx";
export * from "./image.tsx";
export * from "./interview-signals.tsx";
export * from "./product-name.ts";
export * from "./rich-text.tsx";
export * from "./type-scale.ts";
