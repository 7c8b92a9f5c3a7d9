import type { MouseEvent } from "react";

/** Client-side navigation to a same-site path with search and hash (the runtime's `navigate`). */
export type NavigateTo = (to: string) => unknown;

/** Same-site links inside content go to `navigate`, like <Link>; others behave as usual. */
export function followInternalLink(event: MouseEvent<HTMLDivElement>, navigate: NavigateTo): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) {
    return;
  }
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  // In-page hashes are the shell's hash-link handler's business.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

/**
 * Renders HTML the build produced from Markdown. The build sanitises every such string with
 * sanitize-html (src/build/sanitize.ts) before it reaches page data, which is the only
 * reason inserting it as HTML is safe here: never pass this anything unsanitised.
 * Pass the runtime's `navigate` as `onNavigate` so same-site links inside stay on the client;
 * without it they load the page in full.
 */
export function RichText({
  html,
  className,
  onNavigate,
}: {
  html: string;
  className?: string;
  onNavigate?: NavigateTo;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the click is delegated from the links inside, which stay keyboard-operable anchors.
    <div
      className={className ? `prose ${className}` : "prose"}
      onClick={onNavigate ? (event) => followInternalLink(event, onNavigate) : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised at build time, see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
