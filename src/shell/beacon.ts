/**
 * A small adapter over a Beacon-style chat widget API, `window.Beacon(command, ...args)`:
 * `Beacon("open")` shows the widget and `Beacon("navigate", route)` moves it to a page.
 * Pure: the widget, the support address and the way to follow a URL are parameters.
 */
export type SupportPage = "ask" | "answers";

/** The widget's routes for its ask (contact form) and answers (help articles) pages. */
export const BEACON_ROUTES: Readonly<Record<SupportPage, string>> = {
  ask: "/ask/",
  answers: "/answers/",
};

export type BeaconApi = (command: string, ...args: unknown[]) => unknown;

export interface SupportEnvironment {
  /** Whatever `window.Beacon` holds; anything but a function means the widget is unavailable. */
  beacon: unknown;
  supportEmail: string | undefined;
  /** Follows a URL (the mailto fallback). */
  openUrl: (url: string) => void;
}

export type SupportOutcome = "widget" | "mailto" | "unavailable";

export function isBeaconAvailable(beacon: unknown): beacon is BeaconApi {
  return typeof beacon === "function";
}

/**
 * Opens the widget at the given page; when the widget is missing (blocked, not loaded yet)
 * or fails, goes to a mailto link for the support address instead.
 */
export function openSupport(page: SupportPage, env: SupportEnvironment): SupportOutcome {
  if (isBeaconAvailable(env.beacon)) {
    try {
      env.beacon("open");
      env.beacon("navigate", BEACON_ROUTES[page]);
      return "widget";
    } catch {
      // A broken widget must not leave the visitor without a way to reach support.
    }
  }
  if (env.supportEmail) {
    env.openUrl(`mailto:${env.supportEmail}`);
    return "mailto";
  }
  return "unavailable";
}
