/**
 * Every built page that preloads an image preloads the very file its picture then shows: the
 * preload's `imagesrcset` and `imagesizes` are the picture's own. A picture that said other
 * `sizes` (an `<Image sizes>` override on a preloaded image) would make a phone fetch two
 * files for its first screen, the preloaded one unused.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { SITES } from "./support/sites.ts";

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The value of `name` (any case) in one tag's markup, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
}

test("every page with a priority image preloads it, naming the srcset and sizes of its picture", () => {
  const problems: string[] = [];
  let preloads = 0;
  for (const file of htmlFiles(SITES.main.out)) {
    const html = readFileSync(file, "utf8");
    const page = file.slice(SITES.main.out.length);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    // A picture marked as the first screen's largest (a hero, a cover, a list's first card)
    // is the page's LCP on a phone: it is preloaded.
    if (!preload) {
      if (html.includes('fetchPriority="high"'))
        problems.push(`${page}: a priority image, no preload`);
      continue;
    }
    preloads += 1;
    const srcset = attribute(preload, "imagesrcset");
    const sizes = attribute(preload, "imagesizes");
    const body = html.slice(html.indexOf("<body"));
    const shown = [...body.matchAll(/<(?:source|img)\s[^>]*>/g)]
      .map(([tag]) => tag)
      .find((tag) => attribute(tag, "srcset") === srcset);
    if (shown === undefined) problems.push(`${page}: no picture shows ${srcset}`);
    else if (attribute(shown, "sizes") !== sizes) {
      problems.push(`${page}: preload sizes "${sizes}", picture "${attribute(shown, "sizes")}"`);
    }
  }
  // The hero pages, the blog posts, the book pages and the resources list preload their first
  // image.
  expect(preloads).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});
