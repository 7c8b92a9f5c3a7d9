import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  allows,
  type ConsentApi,
  type ConsentChoice,
  choiceFromCategories,
} from "../consent/index.ts";
import { VITALS_CATEGORY } from "../integrations/index.ts";

/*
 * The beacon follows analytics consent at send time, not only when the measurements start:
 * the visitor can withdraw it while the page stays open, and the beacon goes when the page is
 * hidden. Vitest runs in Node, so web-vitals, the page's events, the consent API and
 * sendBeacon are small fakes.
 */

const metrics = vi.hoisted(() => ({
  report: [] as ((metric: Record<string, unknown>) => void)[],
}));

vi.mock("web-vitals", () => {
  const on = (callback: (metric: Record<string, unknown>) => void) => {
    metrics.report.push(callback);
  };
  return { onCLS: on, onFCP: on, onINP: on, onLCP: on, onTTFB: on };
});

interface FakePage {
  sendBeacon: ReturnType<typeof vi.fn>;
  fetch: ReturnType<typeof vi.fn>;
  /** A metric as web-vitals reports it. */
  measure(name: string, value: number): void;
  /** The visitor leaves: the page is hidden, then unloaded. */
  leave(): void;
}

function fakePage(): FakePage {
  const listeners = new Map<string, (() => void)[]>();
  const page: FakePage = {
    sendBeacon: vi.fn(() => true),
    fetch: vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    measure(name, value) {
      for (const report of metrics.report) {
        report({ name, value, rating: "good", id: `v5-${name}`, navigationType: "navigate" });
        break; // one callback per metric is enough for the queue
      }
    },
    leave() {
      state.visibilityState = "hidden";
      for (const type of ["visibilitychange", "pagehide"]) {
        for (const listener of listeners.get(type) ?? []) listener();
      }
    },
  };
  const state = {
    visibilityState: "visible",
    getElementById: () => null,
  };
  vi.stubGlobal("document", state);
  vi.stubGlobal("location", { pathname: "/pricing/" });
  vi.stubGlobal("navigator", { sendBeacon: page.sendBeacon });
  vi.stubGlobal("fetch", page.fetch);
  vi.stubGlobal("addEventListener", (type: string, listener: () => void) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  });
  return page;
}

function fakeConsent(initial: ConsentChoice): Pick<ConsentApi, "current"> & {
  choose(next: ConsentChoice): void;
} {
  let current = initial;
  return {
    current: () => current,
    choose(next) {
      current = next;
    },
  };
}

/** What src/integrations hands startVitals: analytics granted now, by this consent. */
const allowedBy = (consent: Pick<ConsentApi, "current">) => () =>
  allows(consent.current(), VITALS_CATEGORY);

/** A fresh module each time: startVitals runs once per page. */
async function loadVitals() {
  vi.resetModules();
  return import("./browser.ts");
}

const ANALYTICS = choiceFromCategories([VITALS_CATEGORY]);
const NECESSARY_ONLY = choiceFromCategories([]);

beforeEach(() => {
  metrics.report.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("vitals beacons and analytics consent", () => {
  it("sends the page's metrics when the visitor leaves while analytics is granted", async () => {
    const page = fakePage();
    const { startVitals } = await loadVitals();
    startVitals(allowedBy(fakeConsent(ANALYTICS)));
    page.measure("LCP", 1200);
    page.leave();
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = page.sendBeacon.mock.calls[0] as [string, Blob];
    expect(url).toBe("/api/vitals");
    expect(JSON.parse(await body.text())).toMatchObject({
      path: "/pricing/",
      metrics: [{ name: "LCP", value: 1200 }],
    });
  });

  it("asks the consent API at send time: nothing goes once analytics is withdrawn", async () => {
    const page = fakePage();
    const consent = fakeConsent(ANALYTICS);
    const { startVitals } = await loadVitals();
    startVitals(allowedBy(consent));
    page.measure("LCP", 1200);
    consent.choose(NECESSARY_ONLY);
    page.leave();
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it("drops what was measured while withdrawn, so a later grant never sends it", async () => {
    const page = fakePage();
    const consent = fakeConsent(ANALYTICS);
    const { startVitals } = await loadVitals();
    startVitals(allowedBy(consent));
    page.measure("LCP", 1200);
    consent.choose(NECESSARY_ONLY);
    page.leave();
    consent.choose(ANALYTICS);
    page.measure("CLS", 0.02);
    page.leave();
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    const [, body] = page.sendBeacon.mock.calls[0] as [string, Blob];
    expect(JSON.parse(await body.text()).metrics.map((m: { name: string }) => m.name)).toEqual([
      "CLS",
    ]);
  });
});
