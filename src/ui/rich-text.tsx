import type { MouseEventHandler } from "react";

/**
 * Renders HTML the build produced from Markdown. The build sanitises every such string with
 * sanitize-html (src/build/sanitize.ts) before it reaches page data, which is the only
 * reason inserting it as HTML is safe here: never pass this anything unsanitised.
 * Pass the runtime's `followSameSiteLink` as `onClick` so same-site links inside stay on the
 * client; without it they load the page in full.
 */
export function RichText({
  html,
  className,
  onClick,
}: {
  html: string;
  className?: string;
  onClick?: MouseEventHandler<HTMLDivElement>;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the click is delegated from the links inside, which stay keyboard-operable anchors.
    <div
      className={className ? `prose ${className}` : "prose"}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised at build time, see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
