import { lazy, memo, Suspense, useEffect, useId, useReducer, useRef, useState } from "react";
import type { NavItem, Navigation, SiteSettings } from "../content/index.ts";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { type PageContext, useStaticQuery } from "../runtime/index.ts";
import { LogoMark, MenuIcon } from "../ui/index.ts";
import { DesktopNav } from "./desktop-nav.tsx";
import { HEADER_START_BUTTON, HEADER_TEXT_LINK, HeaderActions } from "./header-actions.tsx";
import type { HeaderScrollStatus } from "./header-scroll.ts";
import { initialMobileMenuState, mobileMenuReducer } from "./mobile-menu-state.ts";
import { isStaticHeader } from "./path-rules.ts";
import { SmartLink } from "./smart-link.tsx";
import { useHeaderScroll } from "./use-header-scroll.ts";

export interface HeaderProps {
  path: string;
  pageContext: PageContext;
  settings: Partial<SiteSettings>;
}

function navigationItems(data: Navigation | null): readonly NavItem[] | null {
  return data && Array.isArray(data.items) && data.items.length > 0 ? data.items : null;
}

// The mobile menu is not prerendered (it starts closed) and loads on first use, warmed when the
// pointer or focus reaches the toggle, to keep it out of the first-load JavaScript.
const loadMobileMenu = () => import("./mobile-menu.tsx");
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
const warmMobileMenu = () => {
  loadMobileMenu().catch(() => {
    // Opening the menu retries the load through React.lazy.
  });
};

/**
 * The site header; renders nothing when the navigation data is missing (spec §2). Memoised,
 * like the footer: its props stay equal while the layout around it re-renders (the deferred
 * shell arriving, the router settling on the real URL), and re-rendering every navigation link
 * then was a long task of its own right after hydration.
 */
export const Header = memo(function Header(props: HeaderProps) {
  const items = navigationItems(useStaticQuery<Navigation>(STATIC_QUERY_HASH.navigation));
  return items ? <HeaderView {...props} items={items} /> : null;
});

/** Position per scroll state: complete class strings, so the CSS build sees each one. */
const POSITION: Record<HeaderScrollStatus | "static", string> = {
  static: "relative",
  uninitialized: "absolute inset-x-0 top-0",
  showing: "fixed inset-x-0 top-0 translate-y-0 shadow-md transition-transform duration-300",
  // A keyboard user tabbing into a hidden header brings it back into view.
  hiding:
    "fixed inset-x-0 top-0 -translate-y-full transition-transform duration-300 focus-within:translate-y-0",
};

function HeaderView({
  path,
  pageContext,
  settings,
  items,
}: HeaderProps & { items: readonly NavItem[] }) {
  const staticHeader = isStaticHeader(path, pageContext);
  const [menu, dispatchMenu] = useReducer(mobileMenuReducer, initialMobileMenuState);
  const status = useHeaderScroll(!staticHeader, menu.open);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const menuId = useId();
  // The header hydrates as an island after the page (header-slot.tsx): this says it is live.
  useEffect(() => headerRef.current?.setAttribute("data-live", "true"), []);
  const [menuUsed, setMenuUsed] = useState(false);
  const productName = settings.productName ?? "Home";

  // A new page (client-side navigation) starts with the menu closed.
  const [menuPath, setMenuPath] = useState(path);
  if (menuPath !== path) {
    setMenuPath(path);
    dispatchMenu({ type: "close" });
  }

  return (
    <>
      <div className="relative z-30 h-16">
        <header
          ref={headerRef}
          data-state={status}
          data-static={staticHeader ? "true" : undefined}
          className={`${POSITION[staticHeader ? "static" : status]} border-b border-charcoal-tint bg-white`}
        >
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 l:gap-6">
            <SmartLink
              href="/"
              className="flex shrink-0 items-center gap-2 rounded-md font-bold text-charcoal focus-visible:outline-2 focus-visible:outline-cobalt"
            >
              <LogoMark className="size-6 text-cobalt" />
              <span className="sr-only s:not-sr-only">{productName}</span>
            </SmartLink>
            <DesktopNav items={items} />
            <div className="ml-auto flex items-center gap-2 s:gap-3">
              <HeaderActions
                path={path}
                settings={settings}
                textLinkClassName={HEADER_TEXT_LINK}
                buttonClassName={HEADER_START_BUTTON}
              />
              <button
                ref={toggleRef}
                type="button"
                aria-expanded={menu.open}
                aria-controls={menuId}
                aria-label="Menu"
                onPointerEnter={warmMobileMenu}
                onPointerDown={warmMobileMenu}
                onFocus={warmMobileMenu}
                onClick={() => {
                  setMenuUsed(true);
                  dispatchMenu({ type: "toggle" });
                }}
                className="rounded-md p-2 text-charcoal hover:bg-slate-tint focus-visible:outline-2 focus-visible:outline-cobalt l:hidden"
              >
                <MenuIcon className="size-6" />
              </button>
            </div>
          </div>
        </header>
      </div>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={menuId}
            items={items}
            path={path}
            productName={productName}
            settings={settings}
            state={menu}
            dispatch={dispatchMenu}
            toggleRef={toggleRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
