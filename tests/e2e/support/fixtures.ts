import { test as base, expect } from "@playwright/test";
import type { ConsentCategory } from "../../../src/consent/constants.ts";
import { answeredConsentCookie } from "./consent.ts";
import { type FaultServer, startFaultServer } from "./fault-server.ts";
import { SITES } from "./sites.ts";

interface WorkerFixtures {
  mainServer: FaultServer;
  bareServer: FaultServer;
}
interface TestFixtures {
  /** The built site behind a fault-injecting server; faults and the request log reset per test. */
  site: FaultServer;
  /** The same for the fixture site without navigation and footer data. */
  bareSite: FaultServer;
  /** Console errors and uncaught page errors seen during the test. */
  pageErrors: string[];
  /**
   * Categories the visitor already granted on the consent banner, or null (the default) for a
   * first visit with the banner still to answer.
   */
  consentAnswered: readonly ConsentCategory[] | null;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  mainServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startFaultServer({ root: SITES.main.out });
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  bareServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startFaultServer({ root: SITES.bare.out });
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  consentAnswered: [null, { option: true }],
  context: async ({ context, consentAnswered }, use) => {
    if (consentAnswered) await context.addCookies([answeredConsentCookie(consentAnswered)]);
    await use(context);
  },
  site: async ({ mainServer }, use) => {
    mainServer.faults.clear();
    mainServer.requests.clear();
    await use(mainServer);
    mainServer.faults.clear();
  },
  bareSite: async ({ bareServer }, use) => {
    bareServer.faults.clear();
    bareServer.requests.clear();
    await use(bareServer);
    bareServer.faults.clear();
  },
  baseURL: async ({ mainServer }, use) => {
    await use(mainServer.url);
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await use(errors);
  },
});

export { expect };
