import { useEffect, useReducer, useRef } from "react";
import type { SiteSettings } from "../content/index.ts";
import { browserLocalStorage, readExpiring, writeExpiring } from "../lib/index.ts";
import type { PageContext } from "../runtime/index.ts";
import { buttonClassName, CloseIcon } from "../ui/index.ts";
import { ctaBarReducer, ctaBarStateOnMount, dismissalKey } from "./cta-bar-state.ts";
import { type CtaBarVariant, ctaBarVariant } from "./deferred-rules.ts";
import { SmartLink } from "./smart-link.tsx";

export interface CtaBarProps {
  path: string;
  search: string;
  pageContext: PageContext;
  settings: Partial<SiteSettings>;
}

/**
 * The bar visible when the last page's shell unmounted. The site may render a new shell for
 * every page, so the persistence rule across client-side navigation cannot live in React
 * state; this module outlives the pages.
 */
let lastVisibleBar: { variant: CtaBarVariant; path: string } | null = null;

const COPY: Record<
  CtaBarVariant,
  { label: string; text: (name: string) => string; action: string }
> = {
  demo: {
    label: "Book a demo",
    text: (name) => `See how ${name || "we"} can help your team in a 30-minute demo.`,
    action: "Get a Demo",
  },
  trial: {
    label: "Free trial",
    text: (name) => `Try ${name || "it"} free for 15 days. No credit card required.`,
    action: "Start for Free",
  },
};

/** The fixed call-to-action bar at the bottom of the viewport (spec §2, §4). */
export function CtaBar({ path, search, pageContext, settings }: CtaBarProps) {
  const pageVariant = ctaBarVariant(path, pageContext);
  const [state, dispatch] = useReducer(ctaBarReducer, null, () =>
    ctaBarStateOnMount(lastVisibleBar, path, pageVariant),
  );

  const firstPathRef = useRef(path);
  const navigatedRef = useRef(false);
  if (path !== firstPathRef.current) navigatedRef.current = true;
  useEffect(() => {
    const now = Date.now();
    dispatch({
      type: "page",
      path,
      search,
      variant: pageVariant,
      dismissedAt: readExpiring(browserLocalStorage(), dismissalKey(pageVariant), now),
      now,
    });
  }, [path, search, pageVariant]);

  useEffect(() => {
    lastVisibleBar =
      state.phase === "visible" && state.path ? { variant: state.variant, path: state.path } : null;
  }, [state]);

  const waiting = state.phase === "waiting";
  useEffect(() => {
    if (!waiting) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      // After a client-side navigation the new page's body may still be loading (a short
      // document that "cannot scroll" would count as scrolled): only a real scroll counts.
      if (navigatedRef.current && window.scrollY === 0) return;
      dispatch({
        type: "scroll",
        scrollY: window.scrollY,
        documentHeight: document.documentElement.scrollHeight,
        viewportHeight: window.innerHeight,
      });
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    // On the page the visitor landed on, measure at once (a reload may restore a scrolled
    // position); after a client-side navigation, wait for the visitor to scroll.
    if (!navigatedRef.current) measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [waiting]);

  const variant = state.variant;
  const href = variant === "trial" ? settings.signupPlusUrl : settings.demoUrl;
  if (!href) return null;
  const visible = state.phase === "visible";
  const copy = COPY[variant];

  const dismiss = () => {
    const now = Date.now();
    writeExpiring(browserLocalStorage(), dismissalKey(variant), now, now);
    dispatch({ type: "dismiss" });
  };

  return (
    <>
      {/* While the bar is up, this lets the end of the page scroll clear of it. */}
      {visible ? <div aria-hidden="true" className="h-24" /> : null}
      <aside
        aria-label={copy.label}
        data-cta-bar
        data-variant={variant}
        data-phase={state.phase}
        hidden={!visible}
        aria-hidden={!visible}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate bg-charcoal text-white shadow-lg"
      >
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 m:gap-6">
          <p className="flex-1 text-sm m:text-base">{copy.text(settings.productName ?? "")}</p>
          <SmartLink
            href={href}
            className={buttonClassName({ variant: "primary", size: "S", className: "shrink-0" })}
          >
            {copy.action}
          </SmartLink>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={dismiss}
            className="shrink-0 rounded-md p-2 text-white hover:bg-slate focus-visible:outline-2 focus-visible:outline-white"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
      </aside>
    </>
  );
}
