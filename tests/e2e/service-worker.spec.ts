/**
 * The Workbox service worker in a real browser: a visited page reloads offline, and after a
 * second build into the same folder (a deploy) the next navigation shows the new build.
 */
import { cp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSite } from "../../src/build/build-site.ts";
import { startFaultServer } from "./support/fault-server.ts";
import { expect, test } from "./support/fixtures.ts";
import { PROJECT_ROOT, SITES } from "./support/sites.ts";

const WORK = join(PROJECT_ROOT, ".build/e2e/sw");
const CONTENT = join(WORK, "content");
const OUT = join(WORK, "public");
const HOME = join(CONTENT, "pages/index.md");

test.use({ serviceWorkers: "allow" });
test.setTimeout(240_000);

async function buildWithBody(body: string): Promise<void> {
  const page = [
    "---",
    'title: "Harbor Desk, offline"',
    'description: "A page the service worker keeps for offline visits."',
    "template: home",
    "---",
    "",
    body,
    "",
  ].join("\n");
  await writeFile(HOME, page);
  await buildSite({ contentDir: CONTENT, outDir: OUT });
}

test("offline reload of a visited page works; a new build reaches the next navigation", async ({
  page,
}) => {
  await rm(WORK, { recursive: true, force: true });
  await cp(SITES.bare.content, CONTENT, { recursive: true });
  await buildWithBody("First build: the shared inbox.");
  const server = await startFaultServer({ root: OUT });
  try {
    await page.goto(`${server.url}/`);
    await expect(page.getByText("First build: the shared inbox.")).toBeVisible();
    // Wait until the worker controls the page, then load once more so it caches the HTML.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await page.reload();
    await expect(page.getByText("First build: the shared inbox.")).toBeVisible();

    // Offline: every request to the site fails at the network level. (Chromium's offline
    // emulation stops navigations before the worker sees them, so the server drops them instead.)
    server.faults.set(/.*/, { drop: true });
    await page.reload();
    await expect(page.getByText("First build: the shared inbox.")).toBeVisible();
    // A page never visited gets the offline page, not the browser's error.
    await page.goto(`${server.url}/blog/`);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    server.faults.clear();

    await buildWithBody("Second build: the knowledge base.");
    await page.goto(`${server.url}/`);
    await expect(page.getByText("Second build: the knowledge base.")).toBeVisible();
    await expect(page.getByText("First build: the shared inbox.")).toHaveCount(0);
  } finally {
    await server.close();
  }
});
