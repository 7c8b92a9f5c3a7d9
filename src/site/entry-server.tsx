/**
 * The server bundle the prerender imports: renders one page to HTML with the very tree the
 * client hydrates. Components are imported eagerly here; the client loads them lazily.
 */
import { renderToString } from "react-dom/server";
import { oneByteMarkup } from "../lib/node.ts";
import type { PageData } from "../protocol/index.ts";
import type { PageResources } from "../runtime/index.ts";
import { PageTree } from "../runtime/index.ts";
import { provideSectionsToServerRenderer } from "../sections/node.ts";
import {
  provideShellToServerRenderer,
  renderWithShellRegions,
  type ShellRender,
  shellRegionKeys,
} from "../shell/node.ts";
import { provideTemplatePartsToServerRenderer } from "../templates/node.ts";
import { chunkNameFromGlobKey } from "./component-names.ts";
import type { PageComponent } from "./components.ts";
import { renderPage, renderPageWithoutIsland } from "./render-page.tsx";

/**
 * What React writes for a Suspense boundary whose content failed on the server (a component
 * threw, or suspended): the browser renders that content itself, and the page's HTML lacks it.
 */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

// The prerender renders content pages with their components; the client adopts that markup.
provideSectionsToServerRenderer();
provideShellToServerRenderer();
provideTemplatePartsToServerRenderer();

const modules = import.meta.glob<{ default: PageComponent }>(
  ["../templates/*.tsx", "../pages/*.tsx"],
  { eager: true },
);
const components = new Map<string, PageComponent>();
for (const [key, module] of Object.entries(modules)) {
  const name = chunkNameFromGlobKey(key);
  if (name) components.set(name, module.default);
}

/** A page's HTML. */
export function renderPageHtml(
  pageData: PageData,
  staticQueryResults: Record<string, unknown>,
): string {
  return renderPageWithSkeleton(pageData, staticQueryResults).html;
}

/** A page's HTML and its skeleton (shell/node.ts), which keys its critical CSS. */
export function renderPageWithSkeleton(
  pageData: PageData,
  staticQueryResults: Record<string, unknown>,
): ShellRender {
  const component = components.get(pageData.componentChunkName);
  if (!component) throw new Error(`No page component named "${pageData.componentChunkName}".`);
  const resources: PageResources = { pageData, component, staticQueryResults, slices: {} };
  const tree = (page: typeof renderPage) => (
    <PageTree
      resources={resources}
      location={{ pathname: pageData.path, search: "", hash: "" }}
      renderPage={page}
      prefetcher={null}
      announcement=""
      delayed={false}
    />
  );
  // One byte a character (lib/node.ts): a "—" or an arrow in a template would otherwise make
  // the page's markup, and every string the prerender makes of it, two bytes a character.
  const render = () => {
    const html = renderToString(tree(renderPage));
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) throw prerenderFailure(pageData.path, tree);
    return oneByteMarkup(html);
  };
  // The header and footer render once per variant (shell/node.ts). Their markup also depends
  // on the site-wide data: the same object for every page of a build.
  let regions = shellRegionsBySiteData.get(staticQueryResults);
  if (!regions) {
    regions = new Map();
    shellRegionsBySiteData.set(staticQueryResults, regions);
  }
  return renderWithShellRegions(
    render,
    shellRegionKeys(pageData.path, pageData.result.pageContext),
    regions,
  );
}

const shellRegionsBySiteData = new WeakMap<object, Map<string, string>>();

/**
 * Why a page's content failed to prerender: rendered again with the page's component outside
 * its island's boundary, the component's error reaches renderToString, which throws it.
 */
function prerenderFailure(
  path: string,
  tree: (page: typeof renderPage) => Parameters<typeof renderToString>[0],
): Error {
  try {
    renderToString(tree(renderPageWithoutIsland));
  } catch (error) {
    return new Error(
      `${path} failed to prerender: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return new Error(
    `${path} failed to prerender: a component in its header or footer threw or suspended, so its HTML lacks that part.`,
  );
}
