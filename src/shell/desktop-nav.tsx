import {
  type KeyboardEvent,
  memo,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { NavItem } from "../content/index.ts";
import { ChevronDownIcon, NavIcon } from "../ui/index.ts";
import { SmartLink } from "./smart-link.tsx";

/**
 * The desktop menu (from breakpoint L): top-level links and dropdowns. A dropdown opens by
 * pointer hover, by click, and by keyboard (Enter/Space toggle, ArrowDown/ArrowUp open and
 * focus the first/last item, arrows move between items, Escape closes and returns focus to
 * its button). One dropdown is open at a time.
 */

type OpenedBy = "hover" | "press";
interface OpenDropdown {
  index: number;
  by: OpenedBy;
}

const TOP_LINK =
  "inline-flex items-center gap-1 rounded-md px-3 py-2 font-medium text-charcoal " +
  "hover:bg-slate-tint focus-visible:outline-2 focus-visible:outline-cobalt";

/** Memoised: the header re-renders on scroll and menu changes, its navigation need not. */
export const DesktopNav = memo(function DesktopNav({ items }: { items: readonly NavItem[] }) {
  const [open, setOpen] = useState<OpenDropdown | null>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <nav ref={navRef} aria-label="Main" className="hidden l:block">
      <ul className="flex items-center gap-1">
        {items.map((item, index) =>
          item.navItems?.length ? (
            <NavDropdown
              key={item.title}
              item={item}
              open={open?.index === index}
              openedBy={open?.index === index ? open.by : null}
              onOpen={(by) => setOpen({ index, by })}
              onClose={() => setOpen((current) => (current?.index === index ? null : current))}
            />
          ) : (
            <li key={item.title}>
              <SmartLink href={item.url ?? "/"} className={TOP_LINK}>
                {item.title}
              </SmartLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
});

interface NavDropdownProps {
  item: NavItem;
  open: boolean;
  openedBy: OpenedBy | null;
  onOpen: (by: OpenedBy) => void;
  onClose: () => void;
}

type FocusRequest = "first" | "last" | null;

function panelLinks(panel: HTMLElement | null): HTMLAnchorElement[] {
  return [...(panel?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [])];
}

function focusEnd(panel: HTMLElement | null, which: "first" | "last"): void {
  const all = panelLinks(panel);
  (which === "first" ? all[0] : all.at(-1))?.focus();
}

function NavDropdown({ item, open, openedBy, onOpen, onClose }: NavDropdownProps) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusRequest = useRef<FocusRequest>(null);

  // The panel is `hidden` until the open state renders, so focus moves after the commit.
  useEffect(() => {
    if (!open || !focusRequest.current) return;
    focusEnd(panelRef.current, focusRequest.current);
    focusRequest.current = null;
  }, [open]);

  const openAndFocus = (which: "first" | "last") => {
    if (open) {
      focusEnd(panelRef.current, which);
    } else {
      focusRequest.current = which;
      onOpen("press");
    }
  };

  const closeAndReturnFocus = () => {
    onClose();
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAndFocus("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus("last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      onClose();
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!panelRef.current?.contains(event.target as Node)) return;
    const all = panelLinks(panelRef.current);
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    let next: number | null = null;
    if (event.key === "ArrowDown") next = (current + 1) % all.length;
    else if (event.key === "ArrowUp") next = (current - 1 + all.length) % all.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    else if (event.key === "Escape") {
      event.preventDefault();
      closeAndReturnFocus();
      return;
    }
    if (next === null || all.length === 0) return;
    event.preventDefault();
    all[next]?.focus();
  };

  const isMouse = (event: PointerEvent) => event.pointerType === "mouse";
  const feature = item.feature;

  return (
    <li
      className="relative"
      onPointerEnter={(event) => {
        if (isMouse(event) && !open) onOpen("hover");
      }}
      onPointerLeave={(event) => {
        if (isMouse(event) && openedBy === "hover") onClose();
      }}
      onKeyDown={onPanelKeyDown}
      onBlur={(event) => {
        // Tabbing out of the dropdown closes it.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={TOP_LINK}
        onKeyDown={onButtonKeyDown}
        onClick={() => {
          // A hover-opened dropdown stays open on click instead of toggling shut under the pointer.
          if (open && openedBy === "hover") onOpen("press");
          else if (open) onClose();
          else onOpen("press");
        }}
      >
        {item.title}
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={panelId}
        ref={panelRef}
        hidden={!open}
        className="absolute top-full left-0 z-40 pt-2"
      >
        <div
          className={
            feature
              ? "grid w-[40rem] grid-cols-[1fr_14rem] gap-4 rounded-xl bg-white p-4 shadow-xl ring-1 ring-charcoal-tint"
              : "grid w-[24rem] grid-cols-1 rounded-xl bg-white p-4 shadow-xl ring-1 ring-charcoal-tint"
          }
        >
          <ul className="grid gap-1">
            {item.navItems?.map((sub) => (
              <li key={sub.url}>
                <SmartLink
                  href={sub.url}
                  onClick={onClose}
                  className="flex gap-3 rounded-lg p-3 hover:bg-slate-tint focus-visible:outline-2 focus-visible:outline-cobalt"
                >
                  <NavIcon name={sub.icon} className="mt-0.5 size-5 shrink-0 text-cobalt" />
                  <span>
                    <span className="block font-semibold text-charcoal">{sub.title}</span>
                    {sub.description ? (
                      <span className="block text-sm text-slate">{sub.description}</span>
                    ) : null}
                  </span>
                </SmartLink>
              </li>
            ))}
          </ul>
          {feature ? (
            <SmartLink
              href={feature.url}
              onClick={onClose}
              className="flex flex-col gap-2 rounded-lg bg-slate-tint p-4 hover:bg-charcoal-tint focus-visible:outline-2 focus-visible:outline-cobalt"
            >
              {feature.image ? (
                <img
                  src={feature.image}
                  alt=""
                  className="aspect-[4/3] w-full rounded-md object-cover"
                />
              ) : null}
              <span className="text-xs font-semibold tracking-wide text-slate uppercase">
                {feature.overline}
              </span>
              <span className="font-semibold text-charcoal">{feature.title}</span>
            </SmartLink>
          ) : null}
        </div>
      </div>
    </li>
  );
}
