import type { ImageRef } from "./image-ref.ts";

const DEFAULT_WIDTH = 1200;
const DEFAULT_HEIGHT = 800;

/** Image paths are relative to the site's image folder; a leading slash is tolerated. */
export function imageUrl(src: string): string {
  const path = src.replace(/^\/+/, "");
  return path.startsWith("images/") ? `/${path}` : `/images/${path}`;
}

/**
 * The one place sections turn an image reference into markup. Explicit width and height
 * reserve the space before the file arrives, so nothing shifts. Swapped for the image
 * pipeline's <Image> once it lands.
 */
export function SectionImage({
  image,
  className,
  priority = false,
}: {
  image: ImageRef;
  className?: string;
  /** The page's largest above-the-fold image: load it at once. */
  priority?: boolean;
}) {
  return (
    <img
      src={imageUrl(image.src)}
      alt={image.decorative ? "" : image.alt}
      width={image.width ?? DEFAULT_WIDTH}
      height={image.height ?? DEFAULT_HEIGHT}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...(priority ? { fetchPriority: "high" as const } : {})}
      className={className ? `h-auto max-w-full ${className}` : "h-auto max-w-full"}
    />
  );
}
