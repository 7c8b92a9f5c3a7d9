/** The server's public surface: the Hono app, the static-site handler and the Node runner. */
export { type AppOptions, createApp } from "./app.ts";
export { createMatchPathStore } from "./match-paths.ts";
export { createRequestListener, type RunningServer, startServer } from "./node.ts";
export { createStaticSite, type StaticSite } from "./static.ts";
