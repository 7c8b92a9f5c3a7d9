import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's violations on the page as it is now, one line per rule naming the elements, so a
 * failing test says what to fix; [] when there are none.
 *
 * Made for speed, with nothing left unchecked on our pages (a scan of the home page took
 * 2.9-3.8 s, and 1.8-1.9 s this way; the scans were over a third of the browser suite's time):
 * - Legacy mode: axe runs in the page itself, instead of the builder opening a blank page per
 *   scan to gather the results of every frame. What that skips is scanning cross-origin
 *   frames, and our pages have none when scanned (a video is a facade until clicked); should
 *   one appear, axe's `frame-tested` check says so and it is reported here as a violation.
 * - Only violations are collected: by default axe also works out a selector for every element
 *   that passed or did not apply, which no test reads (axe-core's API, "Performance"). Every
 *   rule still runs on every element.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const unscanned = results.incomplete.filter((result) => result.id === "frame-tested");
  return [...results.violations, ...unscanned].map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
  );
}
