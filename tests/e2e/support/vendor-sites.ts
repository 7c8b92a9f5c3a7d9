import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SITES } from "./sites.ts";
import { integrationSettings, vendorOrigin } from "./vendors.ts";

/** Where the Transcend fake's bundle lives (a test serves it, or leaves it to time out). */
export const TRANSCEND_BUNDLE_URL = `${vendorOrigin("transcend")}/airgap.js`;

async function withSettings(from: string, to: string, extra: object): Promise<void> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  const settings = JSON.parse(await readFile(join(from, "settings.json"), "utf8"));
  await writeFile(join(to, "settings.json"), JSON.stringify({ ...settings, ...extra }, null, 2));
}

/** Content folders for the integration test sites: real (or bare) content plus vendor settings. */
export async function prepareIntegrationSites(): Promise<void> {
  await withSettings(SITES.main.content, SITES.integrations.content, integrationSettings());
  await withSettings(
    SITES.bare.content,
    SITES.transcend.content,
    integrationSettings({ transcendBundleUrl: TRANSCEND_BUNDLE_URL }),
  );
}
