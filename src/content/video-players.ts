/**
 * Where each video provider's player is framed from: its privacy-enhanced host. The video
 * section frames it once pressed (src/sections/video-embed.ts), and the build adds it to the
 * CSP's frame-src for a site whose pages have such a section (src/build/site-files.ts). A
 * module apart from the schemas: the browser's code takes it without bundling zod.
 */
export const VIDEO_PLAYER_ORIGINS = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
} as const;
