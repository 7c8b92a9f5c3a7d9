/** The runtime's public surface for site code (shell, templates, pages, attribution). */
export { MAIN_CONTENT_ID } from "./constants.ts";
export { whenIdle } from "./idle.ts";
export { Link, type LinkProps } from "./link.tsx";
export { onRouteUpdate, type RouterLocation, type RouteUpdate } from "./location.ts";
export { type NavigateOptions, navigate } from "./navigation.ts";
export { useStaticQuery } from "./static-query.tsx";
export type { PageContext, PageProps } from "./types.ts";
export { useLocation } from "./use-location.ts";
