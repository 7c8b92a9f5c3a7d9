import { type ComponentType, useEffect, useState } from "react";
import { followSameSiteLink, whenIdle } from "../runtime/index.ts";
import type { FooterProps } from "./footer.tsx";
import { loadableComponent, useLoadedComponent } from "./loaded-component.ts";

let ServerFooter: ComponentType<FooterProps> | null = null;
/** The server renderer hands over the real footer (node.ts); the browser never loads it eagerly. */
export function provideServerFooter(component: ComponentType<FooterProps>): void {
  ServerFooter = component;
}

/**
 * The footer. Prerendered by the real component; on a first visit the browser adopts that
 * markup instead (AdoptedFooter), so the footer's code is not part of the first load. The
 * real component loads once the browser is idle and renders the footer from the first
 * client-side navigation on (which footer a page has depends on its path).
 */
export function FooterSlot({ path, ...props }: FooterProps & { path: string }) {
  if (import.meta.env.SSR && ServerFooter) return <ServerFooter {...props} />;
  return <ClientFooterSlot path={path} {...props} />;
}

function ClientFooterSlot({ path, ...props }: FooterProps & { path: string }) {
  const [firstPath] = useState(path);
  // Away from the first page its adopted footer may be the wrong one (hidden on some paths,
  // small on others): the real one is needed at once, and asked for again on each page
  // until it arrives.
  const LiveFooter = useLoadedComponent(liveFooter, path === firstPath ? null : path);
  return path === firstPath || LiveFooter === null ? <AdoptedFooter /> : <LiveFooter {...props} />;
}

/** The footer as prerendered into this document, read once (null: the page has none). */
interface PrerenderedFooter {
  mode: string;
  className: string;
  html: string;
}
let prerendered: PrerenderedFooter | null | undefined;

function prerenderedFooter(): PrerenderedFooter | null {
  if (prerendered === undefined) {
    const footer = document.querySelector("footer[data-footer]");
    prerendered = footer && {
      mode: footer.getAttribute("data-footer") ?? "",
      className: footer.className,
      html: footer.innerHTML,
    };
  }
  return prerendered;
}

/**
 * The first page's footer, adopted from the prerendered HTML rather than rendered: hydrating
 * it needs none of the footer's code. Its same-site links navigate on the client, and the
 * copyright shows the visitor's year (the HTML carries the build's).
 */
function AdoptedFooter() {
  const footer = prerenderedFooter();
  useEffect(() => {
    const year = document.querySelector("footer[data-footer] [data-copyright-year]");
    const now = String(new Date().getFullYear());
    if (year && year.textContent !== now) year.textContent = now;
  }, []);
  if (!footer) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the click is delegated from the links inside, which stay keyboard-operable anchors.
    <footer
      data-footer={footer.mode}
      className={footer.className}
      onClick={followSameSiteLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the prerender's own footer, already in this document, not content HTML; re-inserting it unchanged keeps hydration exact.
      dangerouslySetInnerHTML={{ __html: footer.html }}
    />
  );
}

/** The real footer component, loaded when the browser is first idle. */
const liveFooter = loadableComponent<FooterProps>({
  load: () => import("./footer.tsx").then((module) => module.Footer),
  name: "The footer's code",
  schedule: whenIdle,
});
