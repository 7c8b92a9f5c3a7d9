import type { IconName } from "../content/index.ts";
import { type IconProps, Svg } from "./icons.tsx";

/** Icons by the names content uses (navigation.json `icon`, feature-grid items). */
export const ICON_PATHS: Readonly<Record<IconName, string>> = {
  inbox: "M3 13h5l1 3h6l1-3h5M5 5h14l2 8v6H3v-6z",
  book: "M4 19V5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h13",
  chat: "M4 5h16v11H9l-5 4z",
  sparkle: "M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z",
  pen: "M4 20l4-1 11-11-3-3L5 16z",
  video: "M3 6h12v12H3zM15 10l6-3v10l-6-3",
  people:
    "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5.2a3 3 0 0 1 0 5.6M21 20a6 6 0 0 0-4-5.6",
  chart: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  bolt: "M13 2L4 14h7l-1 8 9-12h-7z",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  globe:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  heart: "M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20z",
  tag: "M3 12V3h9l9 9-9 9zM7.5 7.5h.01",
  workflow: "M4 4h6v6H4zM14 14h6v6h-6zM7 10v4a3 3 0 0 0 3 3h4M17 14v-4a3 3 0 0 0-3-3h-4",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  phone:
    "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z",
  lock: "M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4",
  plug: "M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4",
  check: "M4 12l5 5L20 6",
};

function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICON_PATHS, name);
}

/** A named icon; an unknown name draws a neutral dot rather than failing the page. */
export function Icon({ name, className }: IconProps & { name: string | undefined }) {
  const path = name && isIconName(name) ? ICON_PATHS[name] : undefined;
  return (
    <Svg className={className}>{path ? <path d={path} /> : <circle cx="12" cy="12" r="4" />}</Svg>
  );
}
