/**
 * The runtime's public surface: the client engine for site code (shell, templates, pages,
 * attribution) and the few pieces the site wiring and the build need to boot, prerender
 * and host it. Protocol shapes and URLs live in src/protocol.
 */

export type { PageContext } from "../protocol/index.ts";
export { type BootOptions, type BootResult, boot } from "./boot.tsx";
export { MAIN_CONTENT_ID } from "./constants.ts";
export { idleOrIntent, whenIdle } from "./idle.ts";
export { Link, type LinkProps } from "./link.tsx";
export type { PageResources } from "./loader.ts";
export { onRouteUpdate, type RouterLocation, type RouteUpdate } from "./location.ts";
export { followSameSiteLink, type NavigateOptions, navigate } from "./navigation.ts";
export { PageIsland } from "./page-island.tsx";
export { PageTree, type RenderPage } from "./page-tree.tsx";
export { StaticQueryProvider, useStaticQuery } from "./static-query.tsx";
export type { PageProps } from "./types.ts";
export { useLocation } from "./use-location.ts";
