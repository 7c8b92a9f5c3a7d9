import { describe, expect, it } from "vitest";
import {
  APP_DATA_URL,
  NOT_FOUND_PAGE_PATH,
  pageDataUrl,
  sliceDataUrl,
  staticQueryUrl,
} from "../protocol/index.ts";
import { answerDevRequest, type DevSite } from "./dev-server.ts";
import type { Route } from "./routes.ts";

const named = (
  path: string,
  chunk: "page---not-found" | "page---help-desk-staffing-calculator",
): Route => ({
  path,
  componentChunkName: chunk,
  head: {
    title: path,
    description: path,
    canonical: `https://harbordesk.example${path}`,
    type: "website",
    noindex: false,
  },
  pageContext: {},
  data: {},
  inSitemap: false,
});

const slice = {
  componentChunkName: "slice---header",
  result: { data: null, sliceContext: {} },
  staticQueryHashes: ["7"],
};
const site: DevSite = {
  routes: [
    named("/tools/", "page---help-desk-staffing-calculator"),
    named(NOT_FOUND_PAGE_PATH, "page---not-found"),
  ],
  inputs: {
    compilationHash: "development",
    staticQueryResults: { "7": { productName: "Harbor Desk" } },
    slices: { header: slice },
    matchPaths: [],
    document: { siteName: "Harbor Desk", siteUrl: "https://harbordesk.example" },
    sectionTitles: {},
  },
  assemble: (route) => ({
    pageData: {
      componentChunkName: route.componentChunkName,
      path: route.path,
      result: { data: route.data, pageContext: {} },
      staticQueryHashes: [],
    },
    html: `html of ${route.path}`,
  }),
};

describe("answerDevRequest", () => {
  it("serves every protocol file at the URL the protocol builds", () => {
    expect(JSON.parse(answerDevRequest(site, APP_DATA_URL, false)?.body ?? "")).toEqual({
      compilationHash: "development",
    });
    expect(JSON.parse(answerDevRequest(site, staticQueryUrl("7"), false)?.body ?? "")).toEqual({
      data: { productName: "Harbor Desk" },
    });
    expect(JSON.parse(answerDevRequest(site, sliceDataUrl("header"), false)?.body ?? "")).toEqual(
      slice,
    );
    const pageData = answerDevRequest(site, pageDataUrl("/tools/"), false);
    expect(pageData?.status).toBe(200);
    expect(JSON.parse(pageData?.body ?? "").path).toBe("/tools/");
  });

  it("answers unknown protocol files with 404 or leaves them to Vite", () => {
    expect(answerDevRequest(site, pageDataUrl("/nope/"), false)?.status).toBe(404);
    expect(answerDevRequest(site, staticQueryUrl("8"), false)).toBeUndefined();
    expect(answerDevRequest(site, sliceDataUrl("footer"), false)).toBeUndefined();
    expect(answerDevRequest(site, "/src/site/entry-client.tsx", false)).toBeUndefined();
  });

  it("renders pages, and the 404 page with status 404 for unknown paths", () => {
    expect(answerDevRequest(site, "/tools", true)).toMatchObject({
      status: 200,
      body: "html of /tools/",
    });
    expect(answerDevRequest(site, "/nope/", true)).toMatchObject({
      status: 404,
      body: `html of ${NOT_FOUND_PAGE_PATH}`,
    });
  });
});

describe("answerDevRequest with redirects", () => {
  const redirecting: DevSite = {
    ...site,
    redirects: [
      { from: "/old-tools/", to: "/tools/", status: 308 },
      { from: "/retired/", to: null, status: 410 },
    ],
  };

  it("answers a redirect with its status and location, with or without the slash", () => {
    for (const path of ["/old-tools/", "/old-tools"]) {
      const answer = answerDevRequest(redirecting, path, true);
      expect(answer?.status).toBe(308);
      expect(answer?.location).toBe("/tools/");
    }
  });

  it("answers a gone page with 410 and the not-found page", () => {
    const answer = answerDevRequest(redirecting, "/retired/", true);
    expect(answer?.status).toBe(410);
    expect(answer?.body).toBe(`html of ${NOT_FOUND_PAGE_PATH}`);
    expect(answer?.location).toBeUndefined();
  });

  it("leaves other paths to the pages", () => {
    expect(answerDevRequest(redirecting, "/tools/", true)?.status).toBe(200);
    expect(answerDevRequest(redirecting, "/nowhere/", true)?.status).toBe(404);
  });
});
