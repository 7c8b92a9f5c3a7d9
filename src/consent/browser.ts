import Cookies from "js-cookie";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_PREFERENCES_HASH,
  DO_NOT_SELL_COOKIE,
  DO_NOT_SELL_HASH,
  SALE_CATEGORY,
} from "./constants.ts";
import {
  type ConsentChoice,
  type ConsentMode,
  choiceFromBannerCookie,
  effectiveChoice,
  SAFE_CHOICE,
  sameChoice,
} from "./state.ts";
import { choiceFromAirgap, type TranscendApi, waitForTranscend } from "./transcend.ts";

/**
 * The browser adapter of consent: runs the built-in banner or the Transcend bundle, reads
 * Global Privacy Control, wires the footer and Do Not Sell links, and tells subscribers the
 * effective choice. The one consent API every integration asks.
 */

export interface ConsentApi {
  /** The effective choice now (SAFE_CHOICE until the consent manager has answered). */
  current(): ConsentChoice;
  /** Called with every new effective choice; returns the unsubscribe function. */
  subscribe(listener: (choice: ConsentChoice) => void): () => void;
  showPreferences(): void;
  /** "Do not sell or share my personal information": switches marketing off for good. */
  optOutOfSale(): void;
}

export interface ConsentOptions {
  mode: ConsentMode;
  transcendBundleUrl?: string;
  /**
   * False when nothing optional is configured: there is nothing to ask about, so the built-in
   * banner stays unloaded until the visitor opens the preferences themselves. Default true.
   */
  askOnLoad?: boolean;
}

function readOptOut(): boolean {
  return Cookies.get(DO_NOT_SELL_COOKIE) === "1";
}

function writeOptOut(): void {
  Cookies.set(DO_NOT_SELL_COOKIE, "1", {
    expires: CONSENT_MAX_AGE_DAYS,
    path: "/",
    sameSite: "Lax",
    secure: location.protocol === "https:",
  });
}

function globalPrivacyControl(): boolean {
  return (
    (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true
  );
}

function appendScript(src: string): void {
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  document.head.append(script);
}

/** Tells the visitor, next to the link they used, that the opt-out is saved (read out politely). */
function confirmOptOut(anchor: Element): void {
  const block = anchor.closest("p, li, div") ?? anchor;
  if (block.nextElementSibling?.hasAttribute("data-opt-out-status")) return;
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.dataset.optOutStatus = "";
  status.textContent =
    "Done: this browser is opted out of the sale and sharing of your personal information, and no advertising scripts will load.";
  block.after(status);
}

export function startConsent(options: ConsentOptions): ConsentApi {
  const listeners = new Set<(choice: ConsentChoice) => void>();
  let stored: ConsentChoice | null = null;
  // Until the consent manager answers, only the safe choice applies, whatever the mode.
  let ready = false;
  let optedOut = readOptOut();
  let current = SAFE_CHOICE;
  let showPreferences = () => {};
  let refuseSale = () => {};

  const update = () => {
    const next = ready
      ? effectiveChoice({
          mode: options.mode,
          stored,
          globalPrivacyControl: globalPrivacyControl(),
          optedOutOfSale: optedOut,
        })
      : SAFE_CHOICE;
    if (sameChoice(next, current)) return;
    current = next;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        console.error("A consent listener failed.", error);
      }
    }
  };

  if (options.transcendBundleUrl) {
    appendScript(options.transcendBundleUrl);
    waitForTranscend(
      () => window as unknown as { airgap?: unknown; transcend?: unknown },
      window,
      (message) => console.error(message),
    ).then((airgap) => {
      if (!airgap) return; // timeout: the safe choice stays
      stored = choiceFromAirgap(airgap);
      ready = true;
      airgap.addEventListener?.("consent-change", () => {
        stored = choiceFromAirgap(airgap);
        update();
      });
      showPreferences = () => {
        const transcend = (window as { transcend?: TranscendApi }).transcend;
        transcend?.showConsentManager?.({ viewState: "CompleteOptions" });
      };
      update();
    });
  } else {
    let banner: Promise<void> | null = null;
    const startBanner = (autoShow: boolean) => {
      banner ??= import("./banner.ts")
        .then((module) =>
          module.runBanner({
            mode: options.mode,
            autoShow,
            onChoice: (choice) => {
              stored = choice;
              update();
            },
          }),
        )
        .then(
          (loaded) => {
            stored = loaded.stored();
            ready = true;
            showPreferences = loaded.showPreferences;
            refuseSale = () => loaded.refuse([SALE_CATEGORY]);
            update();
          },
          (error: unknown) => console.error("The consent banner could not load.", error),
        );
      return banner;
    };
    // Loaded on demand: the footer's link opens the preferences, the Do Not Sell link saves
    // the refusal through the banner's own cookie.
    const openOnDemand = () => {
      startBanner(false).then(() => {
        // Still this function when the banner failed to load: nothing to show.
        if (showPreferences !== openOnDemand) showPreferences();
      });
    };
    const refuseOnDemand = () => {
      startBanner(false).then(() => {
        if (refuseSale !== refuseOnDemand) refuseSale();
      });
    };
    // A returning visitor's saved choice applies at once; the banner's code and stylesheet
    // (a style recalculation of the whole page) wait until the visitor asks for them.
    const remembered = choiceFromBannerCookie(Cookies.get(CONSENT_COOKIE));
    if (remembered) {
      stored = remembered;
      ready = true;
    }
    if (remembered || options.askOnLoad === false) {
      showPreferences = openOnDemand;
      refuseSale = refuseOnDemand;
    } else {
      startBanner(true);
    }
    update();
  }

  const api: ConsentApi = {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showPreferences: () => showPreferences(),
    optOutOfSale() {
      optedOut = true;
      writeOptOut();
      refuseSale();
      update();
    },
  };

  // Capture phase, like the shell's hash links: these hashes are actions, not scroll targets.
  document.addEventListener(
    "click",
    (event) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      const href = anchor?.getAttribute("href");
      if (href === CONSENT_PREFERENCES_HASH) {
        event.preventDefault();
        api.showPreferences();
      } else if (href === DO_NOT_SELL_HASH) {
        event.preventDefault();
        api.optOutOfSale();
        if (anchor) confirmOptOut(anchor);
      }
    },
    true,
  );
  return api;
}
