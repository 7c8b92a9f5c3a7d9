import type { SupportPage } from "./beacon.ts";
import { CONTACT_US_HASH, OPEN_BEACON_HASH } from "./deferred-rules.ts";

/** What an in-page hash link does (spec §2, "Hash links"). Pure. */
export type HashAction =
  | { kind: "support"; page: SupportPage }
  | { kind: "scroll"; id: string }
  | { kind: "none" };

export function hashAction(hash: string): HashAction {
  if (hash === CONTACT_US_HASH) return { kind: "support", page: "ask" };
  if (hash === OPEN_BEACON_HASH) return { kind: "support", page: "answers" };
  const raw = hash.replace(/^#/, "");
  if (raw === "") return { kind: "none" };
  try {
    return { kind: "scroll", id: decodeURIComponent(raw) };
  } catch {
    return { kind: "scroll", id: raw };
  }
}

/**
 * The hash of a link that stays on the current page (same origin, path and query), or null
 * for links to other pages, which the router handles.
 */
export function inPageHash(href: string, currentHref: string): string | null {
  let url: URL;
  let current: URL;
  try {
    current = new URL(currentHref);
    url = new URL(href, current);
  } catch {
    return null;
  }
  const samePage =
    url.origin === current.origin &&
    url.pathname === current.pathname &&
    url.search === current.search;
  return samePage && url.hash !== "" ? url.hash : null;
}

/** The document scroll position that puts a target `offset` px below the top of the viewport. */
export function scrollTargetTop(
  targetViewportTop: number,
  scrollY: number,
  offset: number,
): number {
  return Math.max(0, Math.round(targetViewportTop + scrollY - offset));
}
