import { type ScriptIntegrationId, VARIATION_PROPERTY, VIEWED_PAGE_EVENT } from "./constants.ts";
import type { ScriptIntegration } from "./settings.ts";

/**
 * What each vendor needs before its script runs, once it has loaded, and on each page view.
 * Every call goes through `safely`: a vendor API that is missing or throws is logged, never
 * allowed to break the page.
 */

type VendorGlobals = Window & {
  dataLayer?: unknown[];
  _hsq?: unknown[];
  mixpanel?: { init?: (...args: unknown[]) => unknown; track?: (...args: unknown[]) => unknown };
  rdt?: (...args: unknown[]) => unknown;
  Beacon?: (...args: unknown[]) => unknown;
};

export interface PageViewContext {
  path: string;
  variation: string;
  production: boolean;
}

export interface VendorHooks {
  beforeLoad?(config: ScriptIntegration): void;
  afterLoad?(config: ScriptIntegration, page: PageViewContext): void;
  pageView?(config: ScriptIntegration, page: PageViewContext): void;
}

export function safely(id: string, call: () => void): void {
  try {
    call();
  } catch (error) {
    console.warn(`The ${id} integration failed; the page carries on without it.`, error);
  }
}

const vendorWindow = () => window as VendorGlobals;

export const VENDOR_HOOKS: Readonly<Record<ScriptIntegrationId, VendorHooks>> = {
  tagManager: {
    beforeLoad() {
      const w = vendorWindow();
      w.dataLayer = Array.isArray(w.dataLayer) ? w.dataLayer : [];
      w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    },
    pageView(_config, page) {
      vendorWindow().dataLayer?.push({ event: "page_view", page_path: page.path });
    },
  },
  crm: {
    beforeLoad() {
      const w = vendorWindow();
      w._hsq = Array.isArray(w._hsq) ? w._hsq : [];
    },
    pageView(_config, page) {
      vendorWindow()._hsq?.push(["setPath", page.path], ["trackPageView"]);
    },
  },
  productAnalytics: {
    afterLoad(config, page) {
      // Console logging (the tool's debug mode) only off production.
      vendorWindow().mixpanel?.init?.(config.id, { debug: !page.production });
    },
    pageView(_config, page) {
      vendorWindow().mixpanel?.track?.(VIEWED_PAGE_EVENT, {
        [VARIATION_PROPERTY]: page.variation,
        path: page.path,
      });
    },
  },
  referral: {},
  redditPixel: {
    afterLoad(config) {
      vendorWindow().rdt?.("init", config.id);
    },
    pageView() {
      vendorWindow().rdt?.("track", "PageVisit");
    },
  },
  chatWidget: {
    afterLoad(config) {
      vendorWindow().Beacon?.("init", config.id);
    },
  },
};
