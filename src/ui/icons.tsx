import type { ReactNode } from "react";

/** Small inline SVG icons. All are decorative: the control that holds one carries the name. */

export interface IconProps {
  className?: string;
}

export function Svg({
  className,
  children,
  filled,
}: IconProps & { children: ReactNode; filled?: boolean }) {
  // How a line or solid icon is painted lives in two rules of the stylesheet (icon-line,
  // icon-solid) rather than five attributes on each of the 20-odd icons in every page's
  // header and footer: 2.9 KB less HTML per page, on every page the build writes.
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${filled ? "icon-solid" : "icon-line"} ${className ?? "size-5"}`}
    >
      {children}
    </svg>
  );
}

export function LogoMark({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M12 3v14M7 8h10M4 13a8 8 0 0 0 16 0" />
    </Svg>
  );
}

export function ChevronDownIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Svg>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}

export function XLogo({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M4 4l16 16M20 4L4 20" />
    </Svg>
  );
}

export function FacebookLogo({ className }: IconProps) {
  return (
    <Svg className={className} filled>
      <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
    </Svg>
  );
}

export function LinkedInLogo({ className }: IconProps) {
  return (
    <Svg className={className} filled>
      <path d="M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v1.6c.6-1 1.9-1.9 3.6-1.9 3 0 3.4 2 3.4 4.6V20h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-4z" />
    </Svg>
  );
}

export function InstagramLogo({ className }: IconProps) {
  return (
    <Svg className={className}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </Svg>
  );
}

/**
 * Navigation icons by the names navigation.json uses. The shell ships on every page, so it
 * carries only these; the full set for page sections lives in icon-set.tsx.
 */
const NAV_ICON_PATHS: Readonly<Record<string, string>> = {
  inbox: "M3 13h5l1 3h6l1-3h5M5 5h14l2 8v6H3v-6z",
  book: "M4 19V5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h13",
  chat: "M4 5h16v11H9l-5 4z",
  sparkle: "M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z",
  pen: "M4 20l4-1 11-11-3-3L5 16z",
  video: "M3 6h12v12H3zM15 10l6-3v10l-6-3",
  people:
    "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5.2a3 3 0 0 1 0 5.6M21 20a6 6 0 0 0-4-5.6",
  workflow: "M4 4h6v6H4zM14 14h6v6h-6zM7 10v4a3 3 0 0 0 3 3h4M17 14v-4a3 3 0 0 0-3-3h-4",
};

export function NavIcon({ name, className }: IconProps & { name: string | undefined }) {
  const path = name ? NAV_ICON_PATHS[name] : undefined;
  return (
    <Svg className={className}>{path ? <path d={path} /> : <circle cx="12" cy="12" r="4" />}</Svg>
  );
}
