import { describe, expect, it } from "vitest";
import { choiceFromCategories, SAFE_CHOICE } from "../consent/index.ts";
import { integrationCspSources } from "./csp.ts";
import { isNewPageView, plannedScripts } from "./plan.ts";
import { hasOptionalIntegrations, isProductionHost, readIntegrationSettings } from "./settings.ts";

const raw = {
  siteUrl: "https://harbordesk.example",
  consent: { mode: "opt-out", attributionCategory: "marketing" },
  integrations: {
    tagManager: { scriptUrl: "https://tags.example/gtm.js", id: "GTM-1" },
    crm: { scriptUrl: "https://crm.example/crm.js" },
    chatWidget: { scriptUrl: "https://chat.example/beacon.js", id: "b-1" },
    referral: { id: "no script url" },
    vitals: { enabled: true },
  },
};

describe("integration settings in the browser", () => {
  it("reads configured integrations and ignores malformed ones", () => {
    const settings = readIntegrationSettings(raw);
    expect(Object.keys(settings.scripts)).toEqual(["tagManager", "crm", "chatWidget"]);
    expect(settings.consent).toEqual({ mode: "opt-out", attributionCategory: "marketing" });
    expect(settings.vitals).toBe(true);
  });

  it("nothing configured means nothing loads, whatever the consent", () => {
    const settings = readIntegrationSettings(null);
    expect(plannedScripts(settings, choiceFromCategories(["analytics", "marketing"]))).toEqual([]);
    expect(settings.consent.mode).toBe("opt-in");
    expect(settings.vitals).toBe(false);
  });

  it("each category loads exactly its scripts", () => {
    const settings = readIntegrationSettings(raw);
    expect(plannedScripts(settings, SAFE_CHOICE)).toEqual([]);
    expect(plannedScripts(settings, choiceFromCategories(["analytics"])).map((s) => s.id)).toEqual([
      "tagManager",
    ]);
    expect(plannedScripts(settings, choiceFromCategories(["marketing"])).map((s) => s.id)).toEqual([
      "crm",
    ]);
    expect(plannedScripts(settings, choiceFromCategories(["functional"])).map((s) => s.id)).toEqual(
      ["chatWidget"],
    );
  });

  it("a page view is a new path, not a hash change", () => {
    expect(isNewPageView({ pathname: "/" }, null)).toBe(true);
    expect(isNewPageView({ pathname: "/pricing/" }, { pathname: "/" })).toBe(true);
    expect(isNewPageView({ pathname: "/" }, { pathname: "/" })).toBe(false);
  });

  it("the banner asks only when something optional is configured", () => {
    expect(hasOptionalIntegrations(readIntegrationSettings(null))).toBe(false);
    expect(hasOptionalIntegrations(readIntegrationSettings({ siteUrl: "https://a.example" }))).toBe(
      false,
    );
    for (const settings of [
      raw,
      { integrations: { vitals: { enabled: true } } },
      { trackingPixelUrl: "https://pixel.example/p.gif" },
      { buyerIntentScriptUrl: "https://intent.example/i.js" },
      { consent: { attributionCategory: "marketing" } },
      { consent: { transcendBundleUrl: "https://cdn.transcend.example/airgap.js" } },
    ]) {
      expect(
        hasOptionalIntegrations(readIntegrationSettings(settings)),
        JSON.stringify(settings),
      ).toBe(true);
    }
    expect(
      hasOptionalIntegrations(
        readIntegrationSettings({ integrations: { vitals: { enabled: false } } }),
      ),
    ).toBe(false);
  });

  it("production is the site's own host", () => {
    expect(isProductionHost("harbordesk.example", "https://harbordesk.example")).toBe(true);
    expect(isProductionHost("127.0.0.1", "https://harbordesk.example")).toBe(false);
    // The live site with or without www., whichever redirects to the other; not a subdomain.
    expect(isProductionHost("www.harbordesk.example", "https://harbordesk.example")).toBe(true);
    expect(isProductionHost("harbordesk.example", "https://www.harbordesk.example")).toBe(true);
    expect(isProductionHost("staging.harbordesk.example", "https://harbordesk.example")).toBe(
      false,
    );
    expect(isProductionHost("harbordesk.example", undefined)).toBe(false);
  });
});

describe("integrationCspSources", () => {
  it("allows exactly the configured origins", () => {
    const sources = integrationCspSources({
      integrations: {
        tagManager: {
          scriptUrl: "https://tags.example/gtm.js?id=1",
          connectOrigins: ["https://collect.example/g"],
          frameOrigins: [],
        },
        chatWidget: {
          scriptUrl: "https://chat.example/b.js",
          connectOrigins: [],
          frameOrigins: [],
        },
      },
      consent: {
        mode: "opt-in",
        attributionCategory: "necessary",
        transcendBundleUrl: "https://cdn.transcend.example/airgap.js",
      },
      buyerIntentScriptUrl: "https://intent.example/i.js",
      trackingPixelUrl: "https://pixel.example/p.gif",
    });
    expect(sources.scriptSrc).toEqual([
      "https://tags.example",
      "https://chat.example",
      "https://cdn.transcend.example",
      "https://intent.example",
    ]);
    expect(sources.connectSrc).toContain("https://collect.example");
    expect(sources.frameSrc).toEqual(["https://chat.example"]);
    expect(sources.imgSrc).toEqual(["https://pixel.example"]);
  });

  it("no integrations, no sources", () => {
    expect(integrationCspSources({})).toEqual({
      scriptSrc: [],
      connectSrc: [],
      frameSrc: [],
      imgSrc: [],
    });
  });
});
