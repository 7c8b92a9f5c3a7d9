import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from "react";
import type { NavItem, SiteSettings } from "../content/index.ts";
import { BREAKPOINTS, buttonClassName, ChevronDownIcon, CloseIcon, LogoMark } from "../ui/index.ts";
import { MENU_DRAWER_REENABLE_MS } from "./constants.ts";
import { HeaderActions } from "./header-actions.tsx";
import type { MobileMenuEvent, MobileMenuState } from "./mobile-menu-state.ts";
import { SmartLink } from "./smart-link.tsx";

/**
 * The menu below breakpoint L: a modal drawer from the right. Focus moves in on open, is
 * trapped while open and returns to the toggle on close; Escape closes; a click outside
 * closes only under breakpoint M (the reducer decides); choosing a link closes everything.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  // Links inside a closed drawer are `hidden`: they have no layout box.
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

interface MobileMenuProps {
  id: string;
  items: readonly NavItem[];
  path: string;
  productName: string;
  settings: Partial<SiteSettings>;
  state: MobileMenuState;
  dispatch: (event: MobileMenuEvent) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

const ROW =
  "flex w-full items-center justify-between rounded-md px-3 py-3 text-left font-medium " +
  "text-charcoal hover:bg-slate-tint focus-visible:outline-2 focus-visible:outline-cobalt " +
  "disabled:text-slate";

export function MobileMenu({
  id,
  items,
  path,
  productName,
  settings,
  state,
  dispatch,
  toggleRef,
}: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const drawerIdBase = useId();
  const { open, drawersEnabled } = state;

  // Focus in on open, back to the toggle on close (not on the first render).
  useEffect(() => {
    if (open) closeRef.current?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open, toggleRef]);

  useEffect(() => {
    if (drawersEnabled) return;
    const timer = setTimeout(() => dispatch({ type: "drawersReenabled" }), MENU_DRAWER_REENABLE_MS);
    return () => clearTimeout(timer);
  }, [drawersEnabled, dispatch]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") dispatch({ type: "close" });
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      dispatch({ type: "outsideClick", viewportWidth: window.innerWidth });
    };
    // The desktop menu takes over from L: an open drawer there would be an orphan.
    const wide = window.matchMedia(`(min-width: ${BREAKPOINTS.L}px)`);
    const onWide = () => {
      if (wide.matches) dispatch({ type: "close" });
    };
    onWide();
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    wide.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      wide.removeEventListener("change", onWide);
    };
  }, [open, dispatch, toggleRef]);

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = focusableIn(panelRef.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const choose = () => dispatch({ type: "linkChosen" });

  return (
    <div hidden={!open} data-drawers-enabled={drawersEnabled}>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-charcoal/60 m:hidden" />
      <div
        id={id}
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={trapFocus}
        className="fixed inset-y-0 right-0 z-50 flex w-[calc(100%-3rem)] max-w-sm flex-col overflow-y-auto bg-white shadow-xl"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-charcoal-tint px-4">
          <SmartLink
            href="/"
            onClick={choose}
            className="flex items-center gap-2 rounded-md font-bold text-charcoal focus-visible:outline-2 focus-visible:outline-cobalt"
          >
            <LogoMark className="size-6 text-cobalt" />
            {productName}
          </SmartLink>
          <button
            ref={closeRef}
            type="button"
            aria-label="Close menu"
            onClick={() => dispatch({ type: "close" })}
            className="rounded-md p-2 text-charcoal hover:bg-slate-tint focus-visible:outline-2 focus-visible:outline-cobalt"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 px-2 py-4">
          <ul className="grid gap-1">
            {items.map((item, index) => {
              if (!item.navItems?.length) {
                return (
                  <li key={item.title}>
                    <SmartLink href={item.url ?? "/"} onClick={choose} className={ROW}>
                      {item.title}
                    </SmartLink>
                  </li>
                );
              }
              const drawerId = `${drawerIdBase}-${index}`;
              const drawerOpen = state.openDrawers.includes(drawerId);
              return (
                <li key={item.title}>
                  <button
                    type="button"
                    aria-expanded={drawerOpen}
                    aria-controls={drawerId}
                    disabled={!drawersEnabled}
                    onClick={() => dispatch({ type: "toggleDrawer", id: drawerId })}
                    className={ROW}
                  >
                    {item.title}
                    <ChevronDownIcon
                      className={
                        drawerOpen
                          ? "size-4 rotate-180 transition-transform"
                          : "size-4 transition-transform"
                      }
                    />
                  </button>
                  <ul id={drawerId} hidden={!drawerOpen} className="grid gap-1 py-1 pl-4">
                    {item.navItems.map((sub) => (
                      <li key={sub.url}>
                        <SmartLink
                          href={sub.url}
                          onClick={choose}
                          className="block rounded-md px-3 py-2 text-charcoal hover:bg-slate-tint focus-visible:outline-2 focus-visible:outline-cobalt"
                        >
                          {sub.title}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="grid gap-3 border-t border-charcoal-tint p-4">
          <HeaderActions
            path={path}
            settings={settings}
            onChoose={choose}
            textLinkClassName={buttonClassName({ variant: "outline", size: "M" })}
            buttonClassName={buttonClassName({ variant: "primary", size: "M" })}
          />
        </div>
      </div>
    </div>
  );
}
