import { chromium } from "playwright";
const url = process.argv[2];
const width = Number(process.argv[3] ?? 1280);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const page = await browser.newPage({ viewport: { width, height: 900 } });
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: (e.sources||[]).map(s => { const n = s.node; return (n && n.nodeType === 1 ? n.tagName + "." + (n.className||"").toString().slice(0,60) : n ? "#text:" + (n.textContent||"").slice(0,40) : "?") + JSON.stringify([s.previousRect.y, s.currentRect.y, s.previousRect.height, s.currentRect.height]); }) });
  }).observe({ type: "layout-shift", buffered: true });
});
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(1500);
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close();
