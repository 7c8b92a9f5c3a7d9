import type { ReactNode } from "react";
import { MAIN_CONTENT_ID, type PageContext, useLocation } from "../runtime/index.ts";
import { ProductNameContext } from "../ui/index.ts";
import type { DeferredShellProps } from "./deferred-shell.tsx";
import { FooterSlot } from "./footer-slot.tsx";
import { HeaderSlot } from "./header-slot.tsx";
import { loadableComponent, useLoadedComponent } from "./loaded-component.ts";
import { footerMode } from "./path-rules.ts";
import { useSiteSettings } from "./use-site-settings.ts";

export interface LayoutProps {
  pageContext: PageContext;
  children: ReactNode;
}

// The page stays usable without the CTA bar, tags and smooth hash scrolling if this fails.
const deferredShell = loadableComponent<DeferredShellProps>({
  load: () => import("./deferred-shell.tsx").then((module) => module.DeferredShell),
  name: "The shell's deferred chunk (CTA bar, tags, hash links)",
});

/**
 * The shell around every page: skip link, header (with the mobile menu), the page's content
 * in `<main id="main-content">` and footer, prerendered; then, loaded after hydration, the
 * fixed CTA bar, the path-triggered tags and the hash-link handling (deferred-shell.tsx).
 */
export function Layout({ pageContext, children }: LayoutProps) {
  const { pathname, search } = useLocation();
  const settings = useSiteSettings();

  return (
    <ProductNameContext.Provider value={settings.productName ?? ""}>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-cobalt focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:outline-2 focus:outline-cobalt"
      >
        Skip to content
      </a>
      <HeaderSlot path={pathname} pageContext={pageContext} settings={settings} />
      {/* The router focuses this after each client-side navigation; -1 makes that possible. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
        {children}
      </main>
      <FooterSlot path={pathname} mode={footerMode(pathname)} settings={settings} />
      <DeferredShellSlot
        path={pathname}
        search={search}
        pageContext={pageContext}
        settings={settings}
      />
    </ProductNameContext.Provider>
  );
}

/** Holds the deferred shell's loading state, so its arrival re-renders only itself. */
function DeferredShellSlot(props: DeferredShellProps) {
  const DeferredShell = useLoadedComponent(deferredShell);
  return DeferredShell ? <DeferredShell {...props} /> : null;
}
