import { describe, expect, it } from "vitest";
import { renderDocument } from "./document.ts";
import { CLIENT_ENTRY, CLIENT_START, createAssetResolver } from "./vite-manifest.ts";

const MANIFEST = {
  [CLIENT_ENTRY]: {
    file: "assets/client-abc.js",
    isEntry: true,
    dynamicImports: [],
    css: ["assets/client-abc.css"],
    assets: ["assets/logo-dd.svg"],
  },
  [CLIENT_START]: {
    file: "assets/start-gg.js",
    isEntry: true,
    imports: ["_runtime.js", "_react.js"],
  },
  "_react.js": { file: "assets/react-hh.js" },
  "_runtime.js": { file: "assets/runtime-ee.js", imports: ["_react.js"] },
  "src/pages/not-found.tsx": { file: "assets/not-found-ff.js", imports: ["_runtime.js"] },
};

describe("page assets", () => {
  const resolve = createAssetResolver(MANIFEST);

  it("are the entry's stylesheet, the start module's modules and, apart, the page's own", () => {
    const assets = resolve("page---not-found");
    expect(assets.css).toEqual(["/assets/client-abc.css"]);
    // Each module after the modules it imports, the start module last.
    expect(assets.preload).toEqual([
      "/assets/react-hh.js",
      "/assets/runtime-ee.js",
      "/assets/start-gg.js",
    ]);
    // An island: it loads after hydration (src/runtime/page-island.tsx).
    expect(assets.pageModule).toBe("/assets/not-found-ff.js");
  });

  it("the document links the stylesheet before the entry script and preloads nothing else", () => {
    const html = renderDocument({
      head: {
        title: "T",
        description: "D",
        canonical: "https://harbordesk.example/x/",
        type: "website",
        noindex: false,
      },
      settings: { siteName: "Harbor Desk", siteUrl: "https://harbordesk.example" },
      assets: resolve("page---not-found"),
      appHtml: "",
      bootstrapJson: "{}",
    });
    const stylesheet = '<link rel="stylesheet" href="/assets/client-abc.css">';
    expect(html).toContain(stylesheet);
    expect(html.indexOf(stylesheet)).toBeLessThan(html.indexOf('src="/assets/client-abc.js"'));
    // No web font (src/site/styles.css): nothing competes with the page for the first round trips.
    expect(html).not.toContain('rel="preload"');
  });
});
