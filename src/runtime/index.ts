/** The runtime's public surface for site code (shell, templates, pages, attribution). */
export { Link, type LinkProps } from "./link.tsx";
export { onRouteUpdate, type RouterLocation, type RouteUpdate } from "./location.ts";
export { type NavigateOptions, navigate } from "./navigation.ts";
export { useStaticQuery } from "./static-query.tsx";
export type { PageContext, PageProps } from "./types.ts";
export { useLocation } from "./use-location.ts";
