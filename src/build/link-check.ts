import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SiteContent } from "./content.ts";
import { linksInMarkdown } from "./markdown-links.ts";
import type { Route } from "./routes.ts";

/**
 * The build fails on an internal link to a page that does not exist. Links are collected
 * from content, before anything renders: navigation, footer, every `href` in page sections,
 * links in the Markdown bodies of every collection (inline `](/x/)`, reference `[x]: /x/` and
 * raw `href="/x/"`), the HTML texts and redirect of every lead form, and resources' download
 * files.
 */

export interface LinkSource {
  /** Content file (or setting) the link was written in. */
  file: string;
  href: string;
}

export interface BrokenLink extends LinkSource {
  path: string;
}

/** Files the build writes itself, so no content file or route backs them. */
export const BUILD_FILES = [
  "/sitemap.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  "/sw.js",
  "/attribution.js",
] as const;

/** Every string under a key named `href` or `url`, at any depth. */
function hrefsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) hrefsIn(item, out);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if ((key === "href" || key === "url") && typeof item === "string") out.push(item);
      else if (key === "markdown" && typeof item === "string") out.push(...linksInMarkdown(item));
      else hrefsIn(item, out);
    }
  }
  return out;
}

/** Every string in a JSON value, at any depth. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** All links content writes, each with the file it is written in. */
export function collectContentLinks(content: SiteContent): LinkSource[] {
  const links: LinkSource[] = [];
  const add = (file: string, hrefs: readonly string[]) => {
    for (const href of hrefs) links.push({ file, href });
  };
  if (content.navigation) add("content/navigation.json", hrefsIn(content.navigation));
  if (content.footer) {
    add("content/footer.json", hrefsIn(content.footer));
    for (const column of content.footer.columns) {
      for (const item of column.items) {
        if (item.html) add("content/footer.json", linksInMarkdown(item.html));
      }
    }
  }
  for (const page of content.pages) {
    add(page.file, hrefsIn(page.frontMatter.sections ?? []));
    add(page.file, linksInMarkdown(page.body));
  }
  // From the post cache when it kept them: a rebuild's unchanged posts are not read again.
  for (const post of content.posts) add(post.file, post.links ?? linksInMarkdown(post.body));
  for (const book of content.books) {
    add(book.file, linksInMarkdown(book.body));
    for (const chapter of book.chapters) add(chapter.file, linksInMarkdown(chapter.body));
  }
  for (const entry of [...content.integrations, ...content.jobs, ...content.resources]) {
    add(entry.file, linksInMarkdown(entry.body));
  }
  // Forms link from their HTML texts (privacy and consent wording, rich text, the inline
  // thank-you) and send visitors to their redirectUrl after success.
  for (const [id, form] of content.forms) {
    const file = `content/forms/${id}.json`;
    add(file, stringsIn(form).flatMap(linksInMarkdown));
    if (form.redirectUrl) add(file, [form.redirectUrl]);
  }
  // A resource's download is a file under static/: a typo would unlock a 404.
  for (const resource of content.resources)
    add(resource.file, [resource.frontMatter.download.file]);
  return links;
}

/** "/pricing/?plan=plus#faq" → "/pricing/"; null for anything not on this site. */
export function internalPath(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const path = href.replace(/[?#].*$/, "");
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function matchesPattern(path: string, matchPath: string): boolean {
  return matchPath.endsWith("*") ? path.startsWith(matchPath.slice(0, -1)) : path === matchPath;
}

/**
 * The links whose path is neither a route, nor under a route's match path, nor a file the
 * build serves (a build file, or a file in `staticDir`).
 */
export function findBrokenLinks(
  links: readonly LinkSource[],
  routes: readonly Pick<Route, "path" | "matchPath">[],
  fileExists: (path: string) => boolean,
): BrokenLink[] {
  const paths = new Set(routes.map((route) => route.path));
  const matchPaths = routes.flatMap((route) => (route.matchPath ? [route.matchPath] : []));
  const files = new Set<string>(BUILD_FILES);
  const broken: BrokenLink[] = [];
  for (const link of links) {
    const path = internalPath(link.href);
    if (path === null || paths.has(path) || files.has(path)) continue;
    if (matchPaths.some((pattern) => matchesPattern(path, pattern))) continue;
    if (!path.endsWith("/") && fileExists(path)) continue;
    broken.push({ ...link, path });
  }
  return broken;
}

export class BrokenLinksError extends Error {
  constructor(broken: readonly BrokenLink[]) {
    const lines = broken.map((link) => `  - ${link.file}: ${link.href} (no page at ${link.path})`);
    super(
      `Internal links to pages that do not exist:\n${lines.join("\n")}\n` +
        "Fix the link, or add the page (content/pages/…). `npm run routes` lists every page.",
    );
    this.name = "BrokenLinksError";
  }
}

/** Throws a BrokenLinksError listing every internal link to a missing page. */
export function assertInternalLinks(
  content: SiteContent,
  routes: readonly Pick<Route, "path" | "matchPath">[],
  staticDir: string,
): void {
  const broken = findBrokenLinks(collectContentLinks(content), routes, (path) =>
    existsSync(join(staticDir, path)),
  );
  if (broken.length > 0) throw new BrokenLinksError(broken);
}
