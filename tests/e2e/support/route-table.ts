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

/** Content pages (home, page, landing, company and form-page templates) plus the style guide. */
export const CONTENT_ROUTES: readonly TestRoute[] = PAGE_ROUTES.filter(
  (route) =>
    [
      "template---home",
      "template---page",
      "template---landing",
      "template---company",
      "template---form-page",
    ].includes(route.componentChunkName) || route.path === "/styleguide/",
);

/**
 * One page of every other template, and of each second view a template has (a category's
 * list, a chapter, an entry beside its directory): where a template renders differently.
 */
const SECOND_VIEWS = [
  "/blog/category/metrics-and-reporting/",
  "/blog/page/2/",
  "/books/support-leaders-handbook/staffing-without-guesswork/",
  "/integrations/shopify/",
  "/resources/help-center-playbook/",
];
export const TEMPLATE_SAMPLES: readonly TestRoute[] = PAGE_ROUTES.filter(
  (route, index, all) =>
    !CONTENT_ROUTES.includes(route) &&
    (all.findIndex((other) => other.componentChunkName === route.componentChunkName) === index ||
      SECOND_VIEWS.includes(route.path)),
);
