import {
  TRANSCEND_POLL_INTERVAL_MS,
  TRANSCEND_TIMEOUT_MESSAGE,
  TRANSCEND_TIMEOUT_MS,
} from "./constants.ts";
import { type ConsentChoice, SAFE_CHOICE } from "./state.ts";

/**
 * The Transcend adapter's decisions: waiting for the bundle's API and mapping its purposes
 * onto our categories. Timers and globals are parameters, so tests drive them.
 */

/** The slice of Transcend's airgap API we use. */
export interface AirgapApi {
  getConsent(): { purposes?: Record<string, unknown> } | undefined;
  addEventListener?(type: "consent-change", listener: () => void): void;
}
export interface TranscendApi {
  showConsentManager?(options?: unknown): unknown;
}

export interface TranscendGlobals {
  airgap?: unknown;
  transcend?: unknown;
}

export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
}

function isAirgap(value: unknown): value is AirgapApi {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { getConsent?: unknown }).getConsent === "function"
  );
}

/**
 * Resolves with the airgap API once `readGlobals()` shows it, checking every
 * TRANSCEND_POLL_INTERVAL_MS; after TRANSCEND_TIMEOUT_MS logs TRANSCEND_TIMEOUT_MESSAGE and
 * resolves null (the caller falls back to SAFE_CHOICE).
 */
export function waitForTranscend(
  readGlobals: () => TranscendGlobals,
  clock: Clock,
  logError: (message: string) => void,
): Promise<AirgapApi | null> {
  return new Promise((resolve) => {
    let waited = 0;
    const check = () => {
      const { airgap } = readGlobals();
      if (isAirgap(airgap)) {
        resolve(airgap);
        return;
      }
      if (waited >= TRANSCEND_TIMEOUT_MS) {
        logError(TRANSCEND_TIMEOUT_MESSAGE);
        resolve(null);
        return;
      }
      waited += TRANSCEND_POLL_INTERVAL_MS;
      clock.setTimeout(check, TRANSCEND_POLL_INTERVAL_MS);
    };
    check();
  });
}

/** Transcend's tracking purposes → our categories; anything unreadable is the safe choice. */
export function choiceFromAirgap(airgap: AirgapApi): ConsentChoice {
  let purposes: Record<string, unknown> | undefined;
  try {
    purposes = airgap.getConsent()?.purposes;
  } catch {
    return SAFE_CHOICE;
  }
  if (!purposes) return SAFE_CHOICE;
  return {
    necessary: true,
    analytics: purposes.Analytics === true,
    marketing: purposes.Advertising === true && purposes.SaleOfInfo !== false,
    functional: purposes.Functional === true,
  };
}
