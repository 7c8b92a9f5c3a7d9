/** The build's public surface (Node only): building a site, its content, routes and dev server. */
export { type BuildOptions, type BuildReport, buildSite } from "./build-site.ts";
export { loadContent, type SiteContent } from "./content.ts";
export { ContentError, parseContent } from "./content-error.ts";
export { answerDevRequest, type DevAnswer, type DevSite, harborDevServer } from "./dev-server.ts";
export { resolveRouteImages } from "./images.ts";
export { type PageInputs, routePageData } from "./render-route.ts";
export { buildRoutes, type Route } from "./routes.ts";
export { pageInputsFor } from "./shared-data.ts";
