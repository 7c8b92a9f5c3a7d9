import { join } from "node:path";
import { serializeBootstrapData } from "../runtime/bootstrap-data.ts";
import { pageDataSlug } from "../runtime/paths.ts";
import type { BootstrapData, MatchPathEntry, PageData, SliceData } from "../runtime/types.ts";
import { type DocumentSettings, renderDocument } from "./document.ts";
import { renderMarkdown } from "./markdown.ts";
import type { Route } from "./routes.ts";
import { pageDataFor } from "./shared-data.ts";
import { createAssetResolver } from "./vite-manifest.ts";
import { type CompressionLevels, writeWithCompressed } from "./write-output.ts";

/** What the server bundle (src/site/entry-server.tsx) exports to the prerender. */
export interface ServerBundle {
  renderPageHtml(pageData: PageData, staticQueryResults: Record<string, unknown>): string;
}

/** Build-wide inputs every route render shares; plain data so a worker can receive it. */
export interface RenderShared {
  outDir: string;
  compilationHash: string;
  staticQueryResults: Record<string, unknown>;
  slices: Record<string, SliceData>;
  matchPaths: MatchPathEntry[];
  manifest: Parameters<typeof createAssetResolver>[0];
  document: DocumentSettings;
  compression: CompressionLevels | null;
}

export interface RouteStats {
  path: string;
  htmlBytes: number;
  pageDataBytes: number;
}

/** Where a route's HTML goes: /blog/x/ → blog/x/index.html; /404.html → 404.html. */
export function htmlFileFor(path: string): string {
  if (path.endsWith(".html")) return path.slice(1);
  return `${path.slice(1)}index.html`;
}

export function createRouteRenderer(shared: RenderShared, bundle: ServerBundle) {
  const assetsFor = createAssetResolver(shared.manifest);
  const staticQueryHashes = Object.keys(shared.staticQueryResults);

  return (route: Route): RouteStats => {
    const pageData = pageDataFor(route, {
      compilationHash: shared.compilationHash,
      staticQueryHashes,
      renderMarkdown,
    });
    const pageDataJson = JSON.stringify(pageData);
    const pageDataBytes = writeWithCompressed(
      join(shared.outDir, "page-data", pageDataSlug(route.path), "page-data.json"),
      pageDataJson,
      shared.compression,
    );

    const bootstrap: BootstrapData = {
      compilationHash: shared.compilationHash,
      pageData,
      staticQueryResults: shared.staticQueryResults,
      slices: shared.slices,
      matchPaths: shared.matchPaths,
    };
    const html = renderDocument({
      head: route.head,
      settings: shared.document,
      assets: assetsFor(route.componentChunkName),
      appHtml: bundle.renderPageHtml(pageData, shared.staticQueryResults),
      bootstrapJson: serializeBootstrapData(bootstrap),
    });
    const htmlBytes = writeWithCompressed(
      join(shared.outDir, htmlFileFor(route.path)),
      html,
      shared.compression,
    );
    return { path: route.path, htmlBytes, pageDataBytes };
  };
}
