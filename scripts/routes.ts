/**
 * `npm run routes [-- --content dir]`: prints the route table the build derives from content,
 * grouped by template (a page with lead forms uses the form-page template and says which
 * template its content follows), then the redirects the site answers.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadContent } from "../src/build/content.ts";
import { ContentError } from "../src/build/content-error.ts";
import { redirectRules, siteRedirects } from "../src/build/redirects.ts";
import { buildRoutes, type Route } from "../src/build/routes.ts";

const { values } = parseArgs({ options: { content: { type: "string", default: "content" } } });

function entryLine(route: Route): string {
  const notes = [
    route.componentChunkName === "template---form-page" ? `content: ${route.data.template}` : "",
    route.matchPath ? `matches ${route.matchPath}` : "",
  ].filter(Boolean);
  return `  ${route.path}${notes.length > 0 ? `  (${notes.join("; ")})` : ""}`;
}

try {
  const content = await loadContent(resolve(values.content));
  const routes = buildRoutes(content);
  const byTemplate = new Map<string, Route[]>();
  for (const route of routes) {
    const list = byTemplate.get(route.componentChunkName) ?? [];
    list.push(route);
    byTemplate.set(route.componentChunkName, list);
  }
  for (const [template, entries] of [...byTemplate].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${template} (${entries.length})`);
    for (const route of entries) console.log(entryLine(route));
  }
  const redirects = redirectRules(siteRedirects(content));
  console.log(`\nredirects (${redirects.length})`);
  for (const rule of redirects)
    console.log(`  ${rule.from} → ${rule.to ?? "gone"}  ${rule.status}`);
  console.log(`\n${routes.length} routes from ${byTemplate.size} templates and pages`);
} catch (error) {
  console.error(error instanceof ContentError ? error.message : error);
  process.exit(1);
}
