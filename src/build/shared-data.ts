import type { Footer } from "../content/index.ts";
import { SHELL_STATIC_QUERIES, STATIC_QUERY_HASH } from "../content/index.ts";
import {
  type MatchPathEntry,
  type PageData,
  type SliceData,
  sortMatchPaths,
} from "../protocol/index.ts";
import { BLOG_FEED_PATH } from "../templates/index.ts";
import type { SiteContent } from "./content.ts";
import { blogFeedTitle } from "./feed.ts";
import { builderLibrary } from "./interview-routes.ts";
import type { renderMarkdown } from "./markdown.ts";
import type { PageInputs } from "./render-route.ts";
import type { Route } from "./routes.ts";
import { sanitize } from "./sanitize.ts";
import { renderSectionMarkdown } from "./section-markdown.ts";

/** Footer snippets are content HTML too: sanitise them before any page can render them. */
function sanitiseFooter(footer: Footer | null): Footer | null {
  if (!footer) return null;
  return {
    columns: footer.columns.map((column) => ({
      ...column,
      items: column.items.map((item) =>
        item.html ? { ...item, html: sanitize(item.html) } : item,
      ),
    })),
  };
}

/**
 * Hash → data of every static query: the shell's (on every page) and the interview builder's
 * question library (null without content/interview/).
 */
export function staticQueryResults(content: SiteContent): Record<string, unknown> {
  return {
    [STATIC_QUERY_HASH["site-settings"]]: content.settings,
    [STATIC_QUERY_HASH.navigation]: content.navigation,
    [STATIC_QUERY_HASH.footer]: sanitiseFooter(content.footer),
    [STATIC_QUERY_HASH["interview-library"]]: content.interview
      ? builderLibrary(content.interview)
      : null,
  };
}

/** The static queries a route's page data lists: the shell's, then the route's own. */
export function staticQueryHashesOf(route: Route): string[] {
  return [...SHELL_STATIC_QUERIES, ...(route.staticQueries ?? [])].map(
    (name) => STATIC_QUERY_HASH[name],
  );
}

/** The header and footer slices: shared regions, each naming the static queries it reads. */
export function sliceData(): Record<string, SliceData> {
  const slice = (name: string, queries: string[]): SliceData => ({
    componentChunkName: `slice---${name}`,
    result: { data: null, sliceContext: {} },
    staticQueryHashes: queries,
  });
  return {
    header: slice("header", [STATIC_QUERY_HASH["site-settings"], STATIC_QUERY_HASH.navigation]),
    footer: slice("footer", [STATIC_QUERY_HASH["site-settings"], STATIC_QUERY_HASH.footer]),
  };
}

export const SLICES_MAP: Record<string, string> = { header: "header", footer: "footer" };

/**
 * The titles of the pages other pages sit under, by path: a few dozen of a site's thousands,
 * the same for every page (a post's title is not among them unless a page sits under it).
 */
export function sectionTitlesOf(routes: readonly Route[]): Record<string, string> {
  const titles = new Map(routes.map((route) => [route.path, route.head.title]));
  const sections: Record<string, string> = {};
  for (const route of routes) {
    let end = route.path.lastIndexOf("/", route.path.length - 2);
    while (end > 0) {
      const parent = route.path.slice(0, end + 1);
      const title = titles.get(parent);
      if (title !== undefined) sections[parent] = title;
      end = route.path.lastIndexOf("/", end - 1);
    }
  }
  return sections;
}

/** The routes' client-side patterns in the protocol's order: best rank first. */
export function matchPathsOf(routes: Route[]): MatchPathEntry[] {
  return sortMatchPaths(
    routes.flatMap((route) =>
      route.matchPath ? [{ path: route.path, matchPath: route.matchPath }] : [],
    ),
  );
}

/** What every page of a site shares, for the prerender and the dev server alike. */
export function pageInputsFor(
  content: SiteContent,
  routes: Route[],
  compilationHash: string,
): PageInputs {
  const { settings } = content;
  return {
    compilationHash,
    staticQueryResults: staticQueryResults(content),
    slices: sliceData(),
    matchPaths: matchPathsOf(routes),
    sectionTitles: sectionTitlesOf(routes),
    document: {
      siteName: settings.productName,
      siteUrl: settings.siteUrl,
      ...(settings.twitterHandle ? { twitterHandle: settings.twitterHandle } : {}),
      // The build writes the feed only for a blog with posts (collection-files.ts).
      ...(content.posts.length > 0
        ? { feed: { title: blogFeedTitle(settings), path: BLOG_FEED_PATH } }
        : {}),
    },
  };
}

/**
 * A route's page data. `renderMarkdown` turns the route's pending Markdown into HTML; the
 * prerender passes the server bundle's renderer, the dev server the same through Vite.
 */
export function pageDataFor(
  route: Route,
  options: {
    compilationHash: string;
    renderMarkdown: typeof renderMarkdown;
  },
): PageData {
  // Copied where Markdown is written into it, and only there: the route keeps its own data
  // (the dev server renders it again), and a deep copy of every page's data was 4 % of a
  // render worker's time.
  const data: Record<string, unknown> = { ...route.data };
  if (route.markdown) {
    const target = data[route.markdown.target];
    if (target) {
      data[route.markdown.target] = {
        ...target,
        html: options.renderMarkdown(route.markdown.body),
      };
    }
  }
  renderSectionMarkdown(data, options.renderMarkdown);
  return {
    componentChunkName: route.componentChunkName,
    path: route.path,
    ...(route.matchPath ? { matchPath: route.matchPath } : {}),
    compilationHash: options.compilationHash,
    result: {
      data,
      pageContext: {
        ...route.pageContext,
        head: {
          title: route.head.title,
          description: route.head.description,
          canonical: route.head.canonical,
        },
      },
    },
    staticQueryHashes: staticQueryHashesOf(route),
    slicesMap: SLICES_MAP,
  };
}
