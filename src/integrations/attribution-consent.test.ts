import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ConsentApi,
  type ConsentChoice,
  choiceFromCategories,
  SAFE_CHOICE,
} from "../consent/index.ts";

/*
 * Attribution filed under an optional consent category follows that category both ways: it
 * starts when the visitor grants it and stops (and puts the links back) when they withdraw it,
 * or when Do Not Sell / Global Privacy Control switches marketing off.
 */

const attribution = vi.hoisted(() => {
  const controllers: { stop: ReturnType<typeof vi.fn>; options: Record<string, unknown> }[] = [];
  return {
    controllers,
    startAttribution: vi.fn((_config: unknown, options: Record<string, unknown>) => {
      const controller = { stop: vi.fn(), options };
      controllers.push(controller);
      return {
        track: () => null,
        rewriteLinks: () => {},
        cookies: () => ({}),
        stop: controller.stop,
      };
    }),
  };
});

vi.mock("../attribution/index.ts", () => ({
  startAttribution: attribution.startAttribution,
  readAttribution: () => ({ testVariation: "" }),
}));

const { startAttributionWhenAllowed } = await import("./browser.ts");

const LANDING = "https://www.harbordesk.example/?utm_source=newsletter";
const settings = {
  attribution: { marketingHosts: ["www.harbordesk.example"], appHosts: [], productHosts: [] },
  consent: { attributionCategory: "marketing" },
};

function fakeConsent(initial: ConsentChoice): ConsentApi & { choose(next: ConsentChoice): void } {
  let current = initial;
  const listeners = new Set<(choice: ConsentChoice) => void>();
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showPreferences() {},
    optOutOfSale() {},
    choose(next) {
      current = next;
      for (const listener of listeners) listener(next);
    },
  };
}

const options = {
  settings,
  onRouteUpdate: () => () => {},
  whenIdle: (callback: () => void) => callback(),
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  attribution.controllers.length = 0;
  attribution.startAttribution.mockClear();
  vi.stubGlobal("location", { href: LANDING });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("attribution under an optional consent category", () => {
  it("does not start before the category is granted", async () => {
    startAttributionWhenAllowed(options, "marketing", fakeConsent(SAFE_CHOICE));
    await flush();
    expect(attribution.startAttribution).not.toHaveBeenCalled();
  });

  it("stops when the visitor withdraws the category, and restores the links", async () => {
    const consent = fakeConsent(choiceFromCategories(["marketing"]));
    startAttributionWhenAllowed(options, "marketing", consent);
    await flush();
    expect(attribution.controllers).toHaveLength(1);
    consent.choose(SAFE_CHOICE);
    await flush();
    expect(attribution.controllers[0]?.stop).toHaveBeenCalledTimes(1);
    expect(attribution.controllers[0]?.stop).toHaveBeenCalledWith({ restoreLinks: true });
  });

  it("stops when Do Not Sell or GPC switches marketing off, whatever else stays granted", async () => {
    const consent = fakeConsent(choiceFromCategories(["analytics", "marketing", "functional"]));
    startAttributionWhenAllowed(options, "marketing", consent);
    await flush();
    consent.choose(choiceFromCategories(["analytics", "functional"]));
    await flush();
    expect(attribution.controllers[0]?.stop).toHaveBeenCalledTimes(1);
  });

  it("a withdrawal before the chunk has loaded starts nothing", async () => {
    const consent = fakeConsent(choiceFromCategories(["marketing"]));
    startAttributionWhenAllowed(options, "marketing", consent);
    consent.choose(SAFE_CHOICE);
    await flush();
    expect(attribution.startAttribution).not.toHaveBeenCalled();
  });

  it("granted, withdrawn and granted again while the chunk loads starts once", async () => {
    const consent = fakeConsent(choiceFromCategories(["marketing"]));
    startAttributionWhenAllowed(options, "marketing", consent);
    consent.choose(SAFE_CHOICE);
    consent.choose(choiceFromCategories(["marketing"]));
    await flush();
    expect(attribution.controllers).toHaveLength(1);
    expect(attribution.controllers[0]?.stop).not.toHaveBeenCalled();
  });

  it("starts again when the category is granted again, and once per grant", async () => {
    const consent = fakeConsent(choiceFromCategories(["marketing"]));
    startAttributionWhenAllowed(options, "marketing", consent);
    await flush();
    consent.choose(choiceFromCategories(["marketing", "analytics"]));
    await flush();
    expect(attribution.controllers).toHaveLength(1);
    consent.choose(SAFE_CHOICE);
    await flush();
    consent.choose(choiceFromCategories(["marketing"]));
    await flush();
    expect(attribution.controllers).toHaveLength(2);
    expect(attribution.controllers[0]?.stop).toHaveBeenCalledTimes(1);
    expect(attribution.controllers[1]?.stop).not.toHaveBeenCalled();
  });

  it("tracks the landing URL, not the page the visitor has navigated to since", async () => {
    const consent = fakeConsent(SAFE_CHOICE);
    startAttributionWhenAllowed(options, "marketing", consent);
    // A client-side navigation, then the visitor accepts in the banner.
    vi.stubGlobal("location", { href: "https://www.harbordesk.example/pricing/" });
    consent.choose(choiceFromCategories(["marketing"]));
    await flush();
    expect(attribution.controllers[0]?.options.landingUrl).toBe(LANDING);
  });

  it("leaves necessary-category attribution to the client entry", async () => {
    startAttributionWhenAllowed(options, "necessary", fakeConsent(choiceFromCategories([])));
    await flush();
    expect(attribution.startAttribution).not.toHaveBeenCalled();
  });
});

describe("the landing URL attribution under an optional category tracks", () => {
  it("is the navigation's own entry when the browser has one", async () => {
    const entry = { name: "https://www.harbordesk.example/?utm_source=ad" };
    const spy = vi
      .spyOn(performance, "getEntriesByType")
      .mockReturnValue([entry] as unknown as ReturnType<typeof performance.getEntriesByType>);
    try {
      startAttributionWhenAllowed(
        options,
        "marketing",
        fakeConsent(choiceFromCategories(["marketing"])),
      );
      await flush();
      expect(attribution.controllers[0]?.options.landingUrl).toBe(entry.name);
    } finally {
      spy.mockRestore();
    }
  });
});
