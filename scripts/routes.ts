/** `npm run routes [-- --content dir]`: prints the route table the build derives from content. */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadContent } from "../src/build/content.ts";
import { ContentError } from "../src/build/content-error.ts";
import { buildRoutes } from "../src/build/routes.ts";

const { values } = parseArgs({ options: { content: { type: "string", default: "content" } } });
try {
  const routes = buildRoutes(await loadContent(resolve(values.content)));
  const width = Math.max(...routes.map((route) => route.path.length));
  for (const route of routes) {
    const match = route.matchPath ? `  (matches ${route.matchPath})` : "";
    console.log(`${route.path.padEnd(width)}  ${route.componentChunkName}${match}`);
  }
  console.log(`\n${routes.length} routes`);
} catch (error) {
  console.error(error instanceof ContentError ? error.message : error);
  process.exit(1);
}
