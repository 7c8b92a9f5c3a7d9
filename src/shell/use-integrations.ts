import { useEffect, useState } from "react";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import type { ConsentChoice, IntegrationsController } from "../integrations/index.ts";
import { onRouteUpdate, useStaticQuery, whenIdle } from "../runtime/index.ts";
import { openInitialSupportHash } from "./hash-links-browser.ts";

/**
 * Starts consent and the third-party integrations once per app lifetime, from their own
 * lazily loaded chunk (never part of the first-load JavaScript), and reports the effective
 * consent choice so the shell's path tags can follow it. Null until consent has loaded.
 */

let started: Promise<IntegrationsController> | null = null;

function start(settings: unknown): Promise<IntegrationsController> {
  started ??= import("../integrations/index.ts").then(({ startIntegrations }) =>
    startIntegrations({
      settings,
      onRouteUpdate,
      whenIdle,
      onChatReady: openInitialSupportHash,
    }),
  );
  return started;
}

/**
 * False when the browser blocks cookies for this site (reading document.cookie throws a
 * SecurityError): no choice could be kept, so consent is not asked and nothing optional loads.
 */
function cookiesUsable(): boolean {
  try {
    void document.cookie;
    return navigator.cookieEnabled !== false;
  } catch {
    return false;
  }
}

export function useConsentChoice(): ConsentChoice | null {
  const settings = useStaticQuery<unknown>(STATIC_QUERY_HASH["site-settings"]);
  const [choice, setChoice] = useState<ConsentChoice | null>(null);
  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    if (!cookiesUsable()) return;
    start(settings).then(
      (controller) => {
        if (!live) return;
        setChoice(controller.consent.current());
        unsubscribe = controller.consent.subscribe(setChoice);
      },
      (error: unknown) => console.error("Consent and integrations could not load.", error),
    );
    return () => {
      live = false;
      unsubscribe();
    };
  }, [settings]);
  return choice;
}
