import { VIDEO_PLAYER_ORIGINS } from "../content/index.ts";

/** The player URL for a provider's video id; privacy-enhanced hosts, autoplay after the click. */
export function videoEmbedUrl(
  provider: keyof typeof VIDEO_PLAYER_ORIGINS,
  videoId: string,
): string {
  const id = encodeURIComponent(videoId);
  return provider === "vimeo"
    ? `${VIDEO_PLAYER_ORIGINS.vimeo}/video/${id}?autoplay=1&dnt=1`
    : `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${id}?autoplay=1&rel=0`;
}
