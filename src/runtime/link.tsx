import { type AnchorHTMLAttributes, type MouseEvent, useContext, useEffect, useRef } from "react";
import { navigate } from "./navigation.ts";
import { PrefetchContext } from "./prefetch-context.ts";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A same-site path such as "/pricing/" or "/blog/?tag=ai#top". */
  to: string;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * An anchor that navigates on the client without a full page load, and prefetches its page
 * when it scrolls into view or is hovered. Modified clicks, targets and downloads behave as
 * plain links.
 */
export function Link({ to, onClick, onMouseEnter, target, download, ...rest }: LinkProps) {
  const prefetcher = useContext(PrefetchContext);
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const anchor = ref.current;
    if (!anchor || !prefetcher) return;
    return prefetcher.observe(anchor, new URL(to, window.location.href).pathname);
  }, [prefetcher, to]);

  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      target={target}
      download={download}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetcher?.hover(new URL(to, window.location.href).pathname);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        if ((target && target !== "_self") || download !== undefined) return;
        const url = new URL(to, window.location.href);
        if (url.origin !== window.location.origin) return;
        event.preventDefault();
        void navigate(url.pathname + url.search + url.hash);
      }}
    />
  );
}
