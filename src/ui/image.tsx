import type { CSSProperties } from "react";
import type { ResolvedImage } from "../images/index.ts";

export interface ImageProps {
  image: ResolvedImage;
  className?: string;
  /**
   * Overrides the image's own priority (set by the build for a priority preset): the first
   * priority image of a page is its first screen's largest, and the build preloads it.
   */
  priority?: boolean;
  /**
   * Overrides the image's own `sizes` where the placement is narrower than the page's column
   * (a card in a grid: `cardImageSizes`). A preload repeats what the picture says
   * (src/build/image-preload.ts), so a preloaded image may have them too.
   */
  sizes?: string;
}

/** Tailwind classes per layout; static strings so the CSS build sees them. */
const LAYOUT_CLASS = {
  constrained: "block h-auto w-full",
  fullWidth: "block h-auto w-full",
  fixed: "block",
} as const;

/**
 * A resolved image as `<picture>`: modern formats first, intrinsic size so the page never
 * shifts, a placeholder painted behind it until it loads. Below-the-fold images load lazily;
 * the hero loads at once with high priority (the build also preloads it in the head).
 */
export function Image({ image, className, priority, sizes = image.sizes }: ImageProps) {
  const eager = priority ?? image.priority;
  const style: CSSProperties | undefined = image.placeholder
    ? {
        background: image.placeholder.startsWith("data:")
          ? `center / cover no-repeat url("${image.placeholder}")`
          : image.placeholder,
      }
    : undefined;
  const maxWidth: CSSProperties | undefined =
    image.layout === "constrained" ? { maxWidth: `${image.width}px` } : undefined;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? "auto" : "async"}
        fetchPriority={eager ? "high" : "auto"}
        className={[LAYOUT_CLASS[image.layout], className].filter(Boolean).join(" ")}
        style={style || maxWidth ? { ...maxWidth, ...style } : undefined}
      />
    </picture>
  );
}
