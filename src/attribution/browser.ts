import { applyCookieWrites, readDocumentCookies } from "./browser-cookies.ts";
import { LINK_REWRITE_DELAY_MS } from "./constants.ts";
import {
  addProductIds,
  addReferralParams,
  type ProductIds,
  type ReferralParams,
  readReferralParams,
  rewriteSignupHref,
} from "./links.ts";
import { type PageViewResult, trackPageView } from "./track.ts";
import type { AttributionConfig, CookieJar } from "./types.ts";
import { parseHttpUrl } from "./values.ts";

/*
 * The thin browser adapter: reads location, referrer and cookies, applies the core's writes and
 * rewrites links in the document. Every step tolerates failure; attribution must never break
 * the page.
 */

/** The shape of the runtime's route updates (src/runtime/location.ts), restated so this stays standalone. */
export interface RouteUpdateLike {
  location: { pathname: string; search: string; hash: string };
  prevLocation: { pathname: string; search: string; hash: string } | null;
}
export type SubscribeToRouteUpdates = (listener: (update: RouteUpdateLike) => void) => () => void;

export interface AttributionBrowserOptions {
  /** The runtime's `onRouteUpdate`: re-track and re-rewrite after each client navigation. */
  onRouteUpdate?: SubscribeToRouteUpdates;
  /** The analytics visitor id (mxid) and session-recording id (hpid); defaults to `defaultProductIds`. */
  getProductIds?: () => ProductIds;
  /**
   * The URL the visitor landed on (`location.href` read before the router could change it).
   * Given, the page view of the landing (with `document.referrer`, which a client-side
   * navigation does not change) is tracked first, then the current page, when it differs, as
   * an internal view: a campaign landing left before attribution started still counts.
   * Without it, the current URL is the landing.
   */
  landingUrl?: string;
}

export interface StopOptions {
  /** Put back the hrefs this controller rewrote (consent withdrawn: links stop carrying data). */
  restoreLinks?: boolean;
}

export interface AttributionController {
  /** Tracks the current URL now (the standalone script's `track`). */
  track(): PageViewResult | null;
  /** Rewrites every link in the document now. */
  rewriteLinks(): void;
  /** Current raw cookie values, including writes the browser refused. */
  cookies(): CookieJar;
  stop(options?: StopOptions): void;
}

/**
 * How long a pass over the page's links runs before it yields to the browser: well under the
 * 50 ms that makes a long task, even on a phone four times slower than the machine measured.
 */
const REWRITE_SLICE_MS = 5;

const INERT: AttributionController = {
  track: () => null,
  rewriteLinks: () => {},
  cookies: () => ({}),
  stop: () => {},
};

/** Reads Mixpanel's distinct id and Heap's user id when those scripts have loaded. */
export function defaultProductIds(): ProductIds {
  const globals = window as unknown as {
    mixpanel?: { get_distinct_id?: () => unknown };
    heap?: { userId?: unknown };
  };
  const mxid = globals.mixpanel?.get_distinct_id?.();
  const hpid = globals.heap?.userId;
  return {
    mxid: typeof mxid === "string" || typeof mxid === "number" ? String(mxid) : null,
    hpid: typeof hpid === "string" || typeof hpid === "number" ? String(hpid) : null,
  };
}

/**
 * Attribution as the site settings (the site-settings static query) configure it, started by
 * the client entry. Cookies filed under an optional consent category
 * (`consent.attributionCategory`) are left to src/integrations, which starts them once the
 * visitor grants that category. The check lives here, not in the entry, so consent adds no
 * first-load JavaScript.
 */
export function startSiteAttribution(
  settings: unknown,
  options: AttributionBrowserOptions = {},
): AttributionController {
  const site = settings as {
    attribution?: AttributionConfig;
    consent?: { attributionCategory?: string };
  } | null;
  const category = site?.consent?.attributionCategory;
  if (!site?.attribution || (category && category !== "necessary")) return INERT;
  return startAttribution(site.attribution, options);
}

/**
 * Starts attribution on this page: tracks the page view, rewrites links now and whenever links
 * appear or change, adds referral params to app links after LINK_REWRITE_DELAY_MS, and tracks
 * each client-side navigation. Safe to call during prerender (does nothing).
 */
export function startAttribution(
  config: AttributionConfig,
  options: AttributionBrowserOptions = {},
): AttributionController {
  if (typeof window === "undefined" || typeof document === "undefined") return INERT;
  const getProductIds = options.getProductIds ?? defaultProductIds;
  // What we wrote this session, so a browser that refuses cookies still gets rewritten links.
  const written: Record<string, string> = {};
  const cookies = (): CookieJar => ({ ...written, ...readDocumentCookies() });
  const links = new WeakMap<Element, { original: string; rewritten: string }>();
  let referralReady = false;
  let lastTrackedHref: string | null = null;
  let rewriteTimer: ReturnType<typeof setTimeout> | undefined;
  let referralTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** Tracks the current URL, or the landing URL given. */
  const track = (landing?: string): PageViewResult | null => {
    try {
      const href = landing ?? window.location.href;
      // The landing came from document.referrer (a client navigation leaves it as it was);
      // after a client navigation the visitor came from our previous page.
      const referrer =
        landing === undefined && lastTrackedHref !== null ? lastTrackedHref : document.referrer;
      const result = trackPageView({
        url: href,
        referrer,
        cookies: cookies(),
        now: Date.now(),
        config,
      });
      lastTrackedHref = href;
      applyCookieWrites(result.writes);
      for (const write of result.writes) written[write.name] = write.value;
      return result;
    } catch (error) {
      console.error("Attribution: tracking this page view failed.", error);
      return null;
    }
  };

  const landingUrl = parseHttpUrl(options.landingUrl) ? (options.landingUrl as string) : null;
  // Referral params seen on the landing URL stay with the visit across client navigations.
  const landingReferral =
    safely(() => readReferralParams(landingUrl ?? window.location.href, {})) ?? {};

  const linkContext = () => {
    const pageUrl = window.location.href;
    const jar = cookies();
    const referral: ReferralParams = referralReady
      ? { ...landingReferral, ...readReferralParams(pageUrl, jar) }
      : {};
    return { pageUrl, jar, referral, ids: safely(getProductIds) ?? {} };
  };

  const rewriteAnchor = (anchor: Element, context: ReturnType<typeof linkContext>) => {
    const current = anchor.getAttribute("href") ?? "";
    const known = links.get(anchor);
    // Always start from the link as the page rendered it, so later runs use fresh cookies.
    const original = known && known.rewritten === current ? known.original : current;
    let next = rewriteSignupHref(original, {
      pageUrl: context.pageUrl,
      cookies: context.jar,
      config,
    });
    next = addProductIds(next, context.ids, config, context.pageUrl);
    next = addReferralParams(next, context.referral, config, context.pageUrl);
    links.set(anchor, { original, rewritten: next });
    if (next !== current) anchor.setAttribute("href", next);
  };

  // The passes this script starts itself rewrite a few links a task: on a slow machine the
  // first pass over a page's 60 links took 20 ms of one task, while its code was still cold.
  let sliceTimer: ReturnType<typeof setTimeout> | undefined;
  /** What waits for the pass under way to finish; a pass that replaces it finishes for it. */
  let whenPassDone: (() => void)[] = [];
  const finish = () => {
    const waiting = whenPassDone;
    whenPassDone = [];
    for (const callback of waiting) callback();
  };

  /**
   * Rewrites every link, `budget` ms a task (Infinity: all at once, as the standalone script's
   * `rewriteLinks` and `track` do); `then` runs once this pass, or one that replaced it, is
   * done. A new pass replaces one under way: it covers every link that one had left, with
   * newer values.
   */
  const rewriteLinks = (budget = Number.POSITIVE_INFINITY, then?: () => void) => {
    clearTimeout(sliceTimer);
    sliceTimer = undefined;
    if (then) whenPassDone.push(then);
    // Reading the cookies and finding the links count against the first slice.
    let until = performance.now() + budget;
    let anchors: Element[];
    let context: ReturnType<typeof linkContext>;
    try {
      anchors = Array.from(document.querySelectorAll("a[href]"));
      context = linkContext();
    } catch (error) {
      console.error("Attribution: rewriting links failed.", error);
      finish();
      return;
    }
    let next = 0;
    const slice = () => {
      try {
        while (next < anchors.length) {
          const anchor = anchors[next] as Element;
          next += 1;
          // A link taken out of the page since the pass began is left alone.
          if (anchor.isConnected) rewriteAnchor(anchor, context);
          if (performance.now() >= until) break;
        }
      } catch (error) {
        console.error("Attribution: rewriting links failed.", error);
        finish();
        return;
      }
      if (next === anchors.length) {
        finish();
        return;
      }
      sliceTimer = setTimeout(() => {
        sliceTimer = undefined;
        if (stopped) return;
        until = performance.now() + budget;
        slice();
      }, 0);
    };
    slice();
  };
  const rewriteLinksInSlices = (then?: () => void) => rewriteLinks(REWRITE_SLICE_MS, then);

  // A link is brought up to date as it is followed or copied: ids that loaded late still count.
  const onActivate = (event: Event) => {
    try {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (anchor) rewriteAnchor(anchor, linkContext());
    } catch {
      // the link keeps its current href
    }
  };
  const ACTIVATION_EVENTS = ["click", "auxclick", "contextmenu"] as const;

  const scheduleRewrite = () => {
    if (stopped || rewriteTimer !== undefined) return;
    rewriteTimer = setTimeout(() => {
      rewriteTimer = undefined;
      rewriteLinksInSlices();
    }, 0);
  };

  const observer =
    typeof MutationObserver === "undefined"
      ? null
      : new MutationObserver((records) => {
          const ours = records.every(
            (record) =>
              record.type === "attributes" &&
              record.target instanceof Element &&
              links.get(record.target)?.rewritten === record.target.getAttribute("href"),
          );
          if (!ours) scheduleRewrite();
        });

  const unsubscribe = options.onRouteUpdate?.((update) => {
    // The first render after hydration reports the page already tracked; hash-only changes are not visits.
    const { pathname, search } = update.location;
    if (`${pathname}${search}` !== trackedPathAndSearch(lastTrackedHref)) track();
    rewriteLinksInSlices();
  });

  const onReady = () => {
    if (stopped) return;
    for (const type of ACTIVATION_EVENTS) document.addEventListener(type, onActivate, true);
    observer?.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["href"],
    });
    // The referral parameters wait LINK_REWRITE_DELAY_MS after the first pass has rewritten
    // every link, however many tasks it took: the timer is the last thing that pass's task
    // does, so the links it rewrote and the delay start together.
    rewriteLinksInSlices(() => {
      if (stopped) return;
      referralTimer = setTimeout(() => {
        referralReady = true;
        rewriteLinksInSlices();
      }, LINK_REWRITE_DELAY_MS);
    });
  };

  if (landingUrl === null) {
    track();
  } else {
    track(landingUrl);
    // The visitor moved on before this started (a client-side navigation): a later, internal view.
    const current = safely(() => trackedPathAndSearch(window.location.href));
    if (current !== trackedPathAndSearch(landingUrl)) track();
  }
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", onReady, { once: true });
  } else {
    // A task of its own: the page view and a rewrite of every link made one long task.
    readyTimer = setTimeout(onReady, 0);
  }

  /** Puts back each href this controller rewrote and nobody has changed since. */
  const restoreLinks = () => {
    try {
      for (const anchor of Array.from(document.querySelectorAll("a[href]"))) {
        const known = links.get(anchor);
        if (!known || anchor.getAttribute("href") !== known.rewritten) continue;
        if (known.rewritten !== known.original) anchor.setAttribute("href", known.original);
        links.delete(anchor);
      }
    } catch (error) {
      console.error("Attribution: restoring links failed.", error);
    }
  };

  return {
    track: () => {
      const result = track();
      rewriteLinks();
      return result;
    },
    rewriteLinks: () => rewriteLinks(),
    cookies,
    stop: (stopOptions?: StopOptions) => {
      stopped = true;
      observer?.disconnect();
      clearTimeout(rewriteTimer);
      clearTimeout(referralTimer);
      clearTimeout(readyTimer);
      clearTimeout(sliceTimer);
      document.removeEventListener("DOMContentLoaded", onReady);
      for (const type of ACTIVATION_EVENTS) document.removeEventListener(type, onActivate, true);
      unsubscribe?.();
      if (stopOptions?.restoreLinks) restoreLinks();
    },
  };
}

function trackedPathAndSearch(href: string | null): string | null {
  if (href === null) return null;
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
