import { type IconProps, Svg } from "./icons.tsx";

/**
 * Small fixed-purpose icons that pages and sections use, but not the shell: a file of their
 * own, so they stay out of the shared runtime chunk (vite.config.ts NOT_SHELL_MODULES).
 */

export function CheckIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M4 12l5 5L20 6" />
    </Svg>
  );
}

export function PlayIcon({ className }: IconProps) {
  return (
    <Svg className={className} filled>
      <path d="M8 5v14l11-7z" />
    </Svg>
  );
}

export function ArrowRightIcon({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Svg>
  );
}
