/**
 * Two overlapping client-only routes, listed in the "wrong" order (the splat first): the
 * server, the dev server and the client runtime must all show the same page for a URL.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaticSite } from "../../server/index.ts";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { answerDevRequest, type DevSite, type Route } from "../build/index.ts";
import {
  htmlFileFor,
  MATCH_PATHS_FILE,
  type MatchPathEntry,
  type PageData,
  pageDataUrl,
} from "../protocol/index.ts";
import { PageLoader } from "./loader.ts";

const LIBRARY = "/library/";
const ROLE = "/library/role/";
const WRONG_ORDER: MatchPathEntry[] = [
  { path: LIBRARY, matchPath: "/library/*" },
  { path: ROLE, matchPath: "/library/role/:slug" },
];

/** URL → the page every reader must answer with. None of these URLs has a file of its own. */
const EXPECTED: Array<[string, string]> = [
  ["/library/role/support-lead", ROLE],
  ["/library/role/support-lead/", ROLE],
  ["/library/role/support-lead/extra", LIBRARY],
  ["/library/questions", LIBRARY],
  ["/library/questions/escalations/", LIBRARY],
];

const route = (page: MatchPathEntry): Route => ({
  path: page.path,
  componentChunkName: "page---help-desk-staffing-calculator",
  matchPath: page.matchPath,
  head: {
    title: page.path,
    description: page.path,
    canonical: `https://harbordesk.example${page.path}`,
    type: "website",
    noindex: false,
  },
  pageContext: {},
  data: {},
  inSitemap: true,
});

const pageData = (page: { path: string; matchPath?: string }): PageData => ({
  componentChunkName: "page---help-desk-staffing-calculator",
  path: page.path,
  matchPath: page.matchPath,
  result: { data: {}, pageContext: {} },
  staticQueryHashes: [],
});

const htmlOf = (pagePath: string) => `<!doctype html><p>page ${pagePath}</p>`;

describe("match paths: server, dev server and client runtime agree", () => {
  const root = registerTempFolder("hd-agreement-", "all");
  beforeAll(async () => {
    for (const page of WRONG_ORDER) {
      const file = path.join(root(), htmlFileFor(page.path));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, htmlOf(page.path));
    }
    await writeFile(path.join(root(), MATCH_PATHS_FILE), JSON.stringify(WRONG_ORDER));
  });

  async function serverAnswer(url: string): Promise<string> {
    const response = await createStaticSite(root()).handle(new Request(`http://site.test${url}`));
    expect(response.status).toBe(200);
    const body = await response.text();
    const owner = WRONG_ORDER.find((page) => body === htmlOf(page.path));
    if (!owner) throw new Error(`the server answered ${url} with ${body}`);
    return owner.path;
  }

  function devServerAnswer(url: string): string {
    const site: DevSite = {
      routes: WRONG_ORDER.map(route),
      inputs: {
        compilationHash: "development",
        staticQueryResults: {},
        slices: {},
        matchPaths: WRONG_ORDER,
        document: { siteName: "Harbor Desk", siteUrl: "https://harbordesk.example" },
        sectionTitles: {},
      },
      assemble: (page) => ({ pageData: pageData(page), html: htmlOf(page.path) }),
    };
    const answer = answerDevRequest(site, url, true);
    expect(answer?.status).toBe(200);
    const owner = WRONG_ORDER.find((page) => answer?.body === htmlOf(page.path));
    if (!owner) throw new Error(`the dev server answered ${url} with ${answer?.body}`);
    return owner.path;
  }

  async function runtimeAnswer(url: string): Promise<string> {
    const files = new Map(WRONG_ORDER.map((page) => [pageDataUrl(page.path), pageData(page)]));
    const loader = new PageLoader({
      transport: {
        async get(requested) {
          const data = files.get(requested);
          return data ? { status: 200, text: JSON.stringify(data) } : { status: 404, text: "" };
        },
        async head() {
          return 404;
        },
      },
      loadComponent: async (chunk) => chunk,
      compilationHash: "development",
      matchPaths: WRONG_ORDER,
    });
    const outcome = await loader.loadPage(url);
    if (outcome.kind !== "page")
      throw new Error(`the runtime answered ${url} with ${outcome.kind}`);
    return outcome.resources.pageData.path;
  }

  it.each(EXPECTED)("%s → %s", async (url, expected) => {
    expect(await serverAnswer(url)).toBe(expected);
    expect(devServerAnswer(url)).toBe(expected);
    expect(await runtimeAnswer(url)).toBe(expected);
  });
});
