import { navigate, onRouteUpdate } from "../runtime/index.ts";
import { isBeaconAvailable, openSupport, type SupportPage } from "./beacon.ts";
import { SCROLL_OFFSET_PX } from "./deferred-rules.ts";
import { hashAction, inPageHash, scrollTargetTop } from "./hash-links.ts";

/**
 * The browser side of hash links: one document-level click listener and one route-update
 * listener for the whole app lifetime (the shell may remount on every page, the listeners
 * must not). Decisions live in hash-links.ts and beacon.ts.
 */

let supportEmail: string | undefined;
let installed = false;
/** The hash the page was first loaded with, read once at install (before any navigation). */
let initialHash: string | null = null;

/** Follows a URL through a real anchor click, so the browser treats it as a link (mailto:). */
function followLink(url: string): void {
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

function currentBeacon(): unknown {
  return (window as Window & { Beacon?: unknown }).Beacon;
}

export function openSupportInBrowser(page: SupportPage): void {
  openSupport(page, { beacon: currentBeacon(), supportEmail, openUrl: followLink });
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function findTarget(id: string): HTMLElement | null {
  const byId = document.getElementById(id);
  if (byId) return byId;
  const named = document.getElementsByName(id)[0];
  return named instanceof HTMLElement ? named : null;
}

/**
 * Scrolls so the target sits SCROLL_OFFSET_PX below the top of the viewport (clear of the
 * fixed header), shows `#id` in the address bar and moves focus there so keyboard and screen
 * reader users continue from the target.
 *
 * The router adds the `#id` entry, with a scroll-memory key of its own (a copy of the current
 * entry's state would share the current one's), so Back returns to where the visitor clicked
 * and Forward to the target. It is asked before scrolling: it keeps the position at the call.
 */
export function scrollToTarget(target: HTMLElement, hash: string): void {
  if (window.location.hash !== hash) void navigate(hash, { scroll: false });
  const top = scrollTargetTop(target.getBoundingClientRect().top, window.scrollY, SCROLL_OFFSET_PX);
  window.scrollTo({ top, behavior: prefersReducedMotion() ? "instant" : "smooth" });
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex"))
    target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

// Capture phase: runs before React's handlers, so the runtime's Link sees the default already
// prevented and does not also navigate; other React handlers (closing menus) still run.
function onDocumentClick(event: MouseEvent): void {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  const hash = inPageHash(anchor.getAttribute("href") ?? "", window.location.href);
  if (!hash) return;
  const action = hashAction(hash);
  if (action.kind === "support") {
    event.preventDefault();
    openSupportInBrowser(action.page);
  } else if (action.kind === "scroll") {
    const target = findTarget(action.id);
    if (!target) return;
    event.preventDefault();
    scrollToTarget(target, hash);
  }
}

/**
 * Installs the listeners once; later calls only update the support address. A page loaded
 * with #contact-us opens the widget if it is already there, but never jumps to the mail
 * client unasked; after a client-side navigation to such a hash the mailto fallback applies.
 */
export function installHashLinks(email: string | undefined): void {
  supportEmail = email;
  if (installed) return;
  installed = true;
  document.addEventListener("click", onDocumentClick, true);

  initialHash = window.location.hash;
  const initial = hashAction(initialHash);
  if (initial.kind === "support" && isBeaconAvailable(currentBeacon())) {
    openSupportInBrowser(initial.page);
  }
  onRouteUpdate(({ location, prevLocation }) => {
    if (prevLocation === null) return;
    const action = hashAction(location.hash);
    if (action.kind === "support") openSupportInBrowser(action.page);
  });
}

/**
 * Called once the chat widget's API is ready: a page first loaded with #contact-us or
 * #open-beacon opens the widget then, once (the widget usually arrives after the shell).
 */
export function openInitialSupportHash(): void {
  if (initialHash === null) return;
  const action = hashAction(initialHash);
  initialHash = null;
  if (action.kind === "support" && isBeaconAvailable(currentBeacon())) {
    openSupportInBrowser(action.page);
  }
}
