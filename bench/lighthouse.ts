/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) against the production
 * build in public/, served locally by the site's own server, on the home page, pricing, a
 * feature page and a named page. Prints performance, LCP, TBT and CLS for each.
 * Targets: performance ≥ 98 and CLS 0. Run `npm run build` first.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createApp } from "../server/app.ts";
import { startServer } from "../server/node.ts";

export const LIGHTHOUSE_PAGES = [
  { name: "home", path: "/" },
  { name: "pricing", path: "/pricing/" },
  { name: "feature (platform)", path: "/platform/" },
  { name: "named (customer-first)", path: "/customer-first/" },
] as const;
export const PERFORMANCE_TARGET = 98;

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "public" },
    chrome: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});
const root = resolve(values.out);
if (!existsSync(resolve(root, "index.html"))) {
  console.error(`No build in ${root}: run \`npm run build\` first.`);
  process.exit(1);
}

const app = createApp({ root, csp: {}, logRequests: false });
const server = await startServer({ app, port: 0, host: "127.0.0.1" });
const chrome = await chromeLauncher.launch({
  chromePath: values.chrome,
  chromeFlags: CHROME_FLAGS,
});
let failed = false;
try {
  console.log("Lighthouse, mobile, simulated throttling (production build)");
  for (const target of LIGHTHOUSE_PAGES) {
    const result = await lighthouse(new URL(target.path, server.url).href, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      formFactor: "mobile",
      throttlingMethod: "simulate",
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${target.path}`);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcp = audit("largest-contentful-paint") / 1000;
    const tbt = audit("total-blocking-time");
    const cls = audit("cumulative-layout-shift");
    const ok = score >= PERFORMANCE_TARGET && cls === 0;
    if (!ok) failed = true;
    console.log(
      `  ${target.name.padEnd(20)} ${target.path.padEnd(11)} performance ${String(score).padStart(3)}` +
        `  LCP ${lcp.toFixed(2)} s  TBT ${Math.round(tbt)} ms  CLS ${cls.toFixed(3)}${ok ? "" : "  (below target)"}`,
    );
  }
} finally {
  await chrome.kill();
  await server.close();
}
console.log(`Target: performance ≥ ${PERFORMANCE_TARGET} and CLS 0 on every page.`);
if (failed) process.exitCode = 1;
