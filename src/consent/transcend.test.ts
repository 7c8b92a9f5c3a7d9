import { describe, expect, it, vi } from "vitest";
import {
  TRANSCEND_POLL_INTERVAL_MS,
  TRANSCEND_TIMEOUT_MESSAGE,
  TRANSCEND_TIMEOUT_MS,
} from "./constants.ts";
import { SAFE_CHOICE } from "./state.ts";
import { choiceFromAirgap, waitForTranscend } from "./transcend.ts";

describe("waitForTranscend", () => {
  it("polls every 100 ms and resolves with the API once it appears", async () => {
    vi.useFakeTimers();
    const globals: { airgap?: unknown } = {};
    const log = vi.fn();
    const reads = vi.fn(() => globals);
    const waiting = waitForTranscend(reads, globalThis, log);
    vi.advanceTimersByTime(TRANSCEND_POLL_INTERVAL_MS * 3);
    expect(reads).toHaveBeenCalledTimes(4);
    const airgap = { getConsent: () => ({ purposes: {} }) };
    globals.airgap = airgap;
    vi.advanceTimersByTime(TRANSCEND_POLL_INTERVAL_MS);
    await expect(waiting).resolves.toBe(airgap);
    expect(log).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it("after 5000 ms logs the exact message once and resolves null", async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    const waiting = waitForTranscend(() => ({}), globalThis, log);
    vi.advanceTimersByTime(TRANSCEND_TIMEOUT_MS - 1);
    expect(log).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(waiting).resolves.toBeNull();
    expect(log).toHaveBeenCalledExactlyOnceWith(TRANSCEND_TIMEOUT_MESSAGE);
    expect(TRANSCEND_TIMEOUT_MESSAGE).toBe("Timeout occurred while waiting for Transcend.");
    vi.useRealTimers();
  });
});

describe("choiceFromAirgap", () => {
  it("maps Transcend's purposes onto our categories", () => {
    const airgap = {
      getConsent: () => ({ purposes: { Analytics: true, Advertising: true, Functional: false } }),
    };
    expect(choiceFromAirgap(airgap)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: false,
    });
  });

  it("a sale opt-out or an API that throws gives no marketing / the safe choice", () => {
    const optedOut = {
      getConsent: () => ({ purposes: { Advertising: true, SaleOfInfo: false } }),
    };
    expect(choiceFromAirgap(optedOut).marketing).toBe(false);
    const broken = {
      getConsent: () => {
        throw new Error("boom");
      },
    };
    expect(choiceFromAirgap(broken)).toEqual(SAFE_CHOICE);
  });
});
