import { buildSite } from "../../../src/build/build-site.ts";
import { SITES } from "./sites.ts";
import { prepareIntegrationSites } from "./vendor-sites.ts";

/** Builds every test site once per run, so tests exercise exactly what production serves. */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  await prepareIntegrationSites();
  for (const [name, site] of Object.entries(SITES)) {
    const report = await buildSite({ contentDir: site.content, outDir: site.out });
    console.log(
      `[e2e] built site "${name}": ${report.routes} pages in ${report.seconds.toFixed(1)} s`,
    );
  }
}
