/**
 * The built site behind the fault server with the REAL lead API: the routes of server/leads on
 * a SQLite store in a fresh temporary DATA_DIR, reading the site's own content/forms. Tests
 * read what the API stored through `store`.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApi } from "../../../server/api.ts";
import type { LeadApiDeps } from "../../../server/leads/http/deps.ts";
import { createRateLimiter } from "../../../server/leads/http/rate-limit.ts";
import { openLeadStore } from "../../../server/leads/store/index.ts";
import type { LeadStore } from "../../../server/leads/store/types.ts";
import { readFormDefinitions } from "../../../src/forms/node.ts";
import { type FaultServer, startFaultServer } from "./fault-server.ts";
import { SITES } from "./sites.ts";

export interface LeadSite {
  server: FaultServer;
  store: LeadStore;
  close(): Promise<void>;
}

export async function startLeadSite(): Promise<LeadSite> {
  const dataDir = await mkdtemp(join(tmpdir(), "hd-e2e-leads-"));
  // A private copy of the built site: another run's build of .build/e2e must not change the
  // files (and the compilation hash) under a test's feet.
  const root = join(dataDir, "site");
  await cp(SITES.main.out, root, { recursive: true });
  const store = await openLeadStore({ dataDir: join(dataDir, "store") });
  const rateLimiter = createRateLimiter({ perMinute: 0 });
  const deps: LeadApiDeps = {
    store,
    forms: await readFormDefinitions(join(SITES.main.content, "forms")),
    rateLimiter,
    settings: {
      trustProxyHops: 0,
      uploadMaxBytes: 10 * 1024 * 1024,
      allowedOrigins: [],
      crmConfigured: false,
      storeTimeoutMs: 5_000,
    },
    log: () => {},
  };
  const server = await startFaultServer({
    root,
    api: createApi({ leads: deps }),
  });
  return {
    server,
    store,
    async close() {
      await server.close();
      await rateLimiter.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The worker-scoped Playwright fixture of a spec that posts leads: one lead site per worker,
 * closed when the worker ends (`base.extend({ leadSite: leadSiteFixture, … })`).
 */
export const leadSiteFixture: [
  (args: object, use: (site: LeadSite) => Promise<void>) => Promise<void>,
  { scope: "worker" },
] = [
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  async ({}, use: (site: LeadSite) => Promise<void>) => {
    const site = await startLeadSite();
    await use(site);
    await site.close();
  },
  { scope: "worker" },
];
