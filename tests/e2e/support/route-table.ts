/** The main test site's route table, derived from content exactly as the build derives it. */
import { loadContent } from "../../../src/build/content.ts";
import { buildRoutes } from "../../../src/build/routes.ts";
import { SITES } from "./sites.ts";

export interface TestRoute {
  path: string;
  componentChunkName: string;
}

const routes: TestRoute[] = buildRoutes(await loadContent(SITES.main.content)).map((route) => ({
  path: route.path,
  componentChunkName: route.componentChunkName,
}));

/** Pages a visitor can open at their own URL with status 200 (not the 404/500 documents). */
export const PAGE_ROUTES: readonly TestRoute[] = routes.filter(
  (route) => !route.path.endsWith(".html"),
);
