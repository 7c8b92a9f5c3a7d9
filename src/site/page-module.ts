/**
 * The entry <script>'s attribute naming the module of the page's own component (its
 * template or named page). The first load imports that module directly (start-client.tsx);
 * the registry of every page's chunk (components.ts) loads only for client-side navigation.
 */
export const PAGE_MODULE_ATTRIBUTE = "data-page-module";
