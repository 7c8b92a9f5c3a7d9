/**
 * The content model's public surface: zod schemas with their inferred types, and the static
 * queries' names and hashes. Client code imports types and `STATIC_QUERY_HASH` only; the
 * schemas themselves are the build's.
 */

export * from "./icon-names.ts";
export * from "./schema.ts";
export * from "./section-schema.ts";
export * from "./static-queries.ts";
export { VIDEO_PLAYER_ORIGINS } from "./video-players.ts";
