/** Icon names writers may use in content (feature grids, navigation); drawn in icons.tsx. */
export const ICON_NAMES = [
  "inbox",
  "book",
  "chat",
  "sparkle",
  "pen",
  "video",
  "people",
  "chart",
  "bolt",
  "shield",
  "globe",
  "clock",
  "heart",
  "tag",
  "workflow",
  "star",
  "phone",
  "lock",
  "plug",
  "check",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
