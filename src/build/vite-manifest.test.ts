import { describe, expect, it } from "vitest";
import { renderDocument } from "./document.ts";
import { CLIENT_ENTRY, CLIENT_START, createAssetResolver } from "./vite-manifest.ts";

const MANIFEST = {
  [CLIENT_ENTRY]: {
    file: "assets/client-abc.js",
    isEntry: true,
    dynamicImports: [],
    css: ["assets/client-abc.css"],
    assets: [
      "assets/inter-cyrillic-wght-normal-aa.woff2",
      "assets/inter-latin-ext-wght-normal-bb.woff2",
      "assets/inter-latin-wght-normal-cc.woff2",
      "assets/logo-dd.svg",
    ],
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

  it("preload the body font's Latin subset only, beside the stylesheet and the page's modules", () => {
    const assets = resolve("page---not-found");
    expect(assets.fonts).toEqual(["/assets/inter-latin-wght-normal-cc.woff2"]);
    expect(assets.css).toEqual(["/assets/client-abc.css"]);
    // Each module after the modules it imports, the start module last.
    expect(assets.preload).toEqual([
      "/assets/react-hh.js",
      "/assets/runtime-ee.js",
      "/assets/not-found-ff.js",
      "/assets/start-gg.js",
    ]);
  });

  it("the document preloads the font (anonymous CORS, as fonts are fetched) before the stylesheet", () => {
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
    const font =
      '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-wght-normal-cc.woff2" crossorigin>';
    expect(html).toContain(font);
    expect(html.indexOf(font)).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });
});
