/**
 * Local fakes of every third-party vendor, each on its own origin (`http://{name}.vendors.test:
 * 47615`). Browser tests route those origins to a real local HTTP server (startVendorServer);
 * Lighthouse maps the host names to 127.0.0.1 with Chromium's --host-resolver-rules.
 * Each fake records that it ran in `window.__vendors` and implements the API the site calls.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const VENDOR_PORT = 47615;
export const vendorOrigin = (name: string) => `http://${name}.vendors.test:${VENDOR_PORT}`;

/** Script integrations: name → [path, consent category, global API source]. */
export const FAKE_SCRIPTS = {
  tags: {
    path: "/gtm.js",
    category: "analytics",
    sizeKb: 90,
    body: "window.__vendors.log('tags', 'loaded', (window.dataLayer || []).length);",
  },
  crm: {
    path: "/crm.js",
    category: "marketing",
    sizeKb: 60,
    body: "document.cookie = 'hubspotutk=fakeutk0123456789; path=/; max-age=31536000'; window.__vendors.log('crm', 'loaded');",
  },
  analytics: {
    path: "/mixpanel.js",
    category: "analytics",
    sizeKb: 50,
    body: `window.mixpanel = {
  init: function (token, options) { window.__vendors.log('analytics', 'init', token, !!(options && options.debug)); },
  track: function (event, props) { window.__vendors.log('analytics', 'track', event, props); }
};`,
  },
  referral: {
    path: "/referral.js",
    category: "marketing",
    sizeKb: 15,
    body: "window.__vendors.log('referral', 'loaded');",
  },
  reddit: {
    path: "/pixel.js",
    category: "marketing",
    sizeKb: 20,
    body: "window.rdt = function () { window.__vendors.log('reddit', [].slice.call(arguments)); };",
  },
  chat: {
    path: "/beacon.js",
    category: "functional",
    sizeKb: 70,
    body: "window.Beacon = function () { window.__vendors.log('chat', [].slice.call(arguments)); };",
  },
  intent: {
    path: "/intent.js",
    category: "marketing",
    sizeKb: 10,
    body: "window.__vendors.log('intent', 'loaded');",
  },
} as const;
export type FakeVendor = keyof typeof FAKE_SCRIPTS;

export const vendorScriptUrl = (name: FakeVendor) => vendorOrigin(name) + FAKE_SCRIPTS[name].path;
export const TRACKING_PIXEL_URL = `${vendorOrigin("pixel")}/track.gif`;
export const AD_PIXEL_URL = `${vendorOrigin("ads")}/ad.gif`;
/** Never configured: the CSP must block it. */
export const ROGUE_SCRIPT_URL = `${vendorOrigin("rogue")}/rogue.js`;

/** The settings a site with every integration configured adds to content/settings.json. */
export function integrationSettings(extra: { transcendBundleUrl?: string } = {}) {
  return {
    trackingPixelUrl: TRACKING_PIXEL_URL,
    adPixelUrl: AD_PIXEL_URL,
    buyerIntentScriptUrl: vendorScriptUrl("intent"),
    consent: { mode: "opt-in", attributionCategory: "necessary", ...extra },
    integrations: {
      tagManager: { scriptUrl: vendorScriptUrl("tags"), id: "GTM-HARBOR1" },
      crm: { scriptUrl: vendorScriptUrl("crm"), id: "4815162" },
      productAnalytics: { scriptUrl: vendorScriptUrl("analytics"), id: "mxp-token-harbor" },
      referral: { scriptUrl: vendorScriptUrl("referral"), id: "harbor-partners" },
      redditPixel: { scriptUrl: vendorScriptUrl("reddit"), id: "t2_harbor" },
      chatWidget: { scriptUrl: vendorScriptUrl("chat"), id: "beacon-harbor-1" },
      vitals: { enabled: true },
    },
  };
}

const LOGGER =
  "window.__vendors = window.__vendors || { calls: [], log: function () { window.__vendors.calls.push([].slice.call(arguments)); } };\n";

/** A fake script of roughly the real vendor's size, so performance tests pay a realistic cost. */
export function fakeScript(name: FakeVendor, overrideBody?: string): string {
  const spec = FAKE_SCRIPTS[name];
  const filler = Array.from(
    { length: Math.ceil((spec.sizeKb * 1024) / 64) },
    (_, i) => `f${i}:function(a){return a+${i}}`,
  ).join(",");
  return `${LOGGER}(function(){var table={${filler}};void table;})();\n${overrideBody ?? spec.body}\n`;
}

/** 1×1 transparent GIF for the pixels. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export type VendorBehaviour = "throw" | "hang" | { body: string };

export interface VendorServer {
  url: string;
  /** `host/path` of every request, in arrival order. */
  requests: string[];
  /** How a vendor misbehaves: its script throws, or its request never gets an answer. */
  behaviour: Map<string, VendorBehaviour>;
  count(host: string): number;
  close(): Promise<void>;
}

/** A real HTTP server answering every fake vendor's files by host name. */
export async function startVendorServer(port = 0): Promise<VendorServer> {
  const requests: string[] = [];
  const behaviour = new Map<string, VendorBehaviour>();
  const hanging = new Set<import("node:http").ServerResponse>();
  const server: Server = createServer((request, response) => {
    const host = (request.headers.host ?? "").split(".")[0] as FakeVendor;
    const path = (request.url ?? "/").split("?")[0];
    requests.push(`${host}${path}`);
    const mode = behaviour.get(host);
    if (mode === "hang") {
      hanging.add(response);
      return;
    }
    if (typeof mode === "object") {
      response.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
      response.end(`${LOGGER}${mode.body}`);
      return;
    }
    if (mode === "throw") {
      response.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
      response.end(`${LOGGER}throw new Error("${host} vendor script failed");`);
      return;
    }
    if (path?.endsWith(".gif")) {
      response.writeHead(200, { "Content-Type": "image/gif", "Cache-Control": "no-store" });
      response.end(GIF);
      return;
    }
    const spec = FAKE_SCRIPTS[host];
    if (!spec || spec.path !== path) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/javascript",
      "Cache-Control": "public, max-age=3600",
    });
    response.end(fakeScript(host));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    behaviour,
    count: (host) => requests.filter((entry) => entry.startsWith(`${host}/`)).length,
    close: () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
