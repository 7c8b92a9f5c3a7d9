/** The player URL for a provider's video id; privacy-enhanced hosts, autoplay after the click. */
export function videoEmbedUrl(provider: "youtube" | "vimeo", videoId: string): string {
  const id = encodeURIComponent(videoId);
  return provider === "vimeo"
    ? `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`
    : `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}
