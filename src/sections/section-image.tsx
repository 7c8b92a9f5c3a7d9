import type { ResolvedImage } from "../images/index.ts";
import { Image } from "../ui/index.ts";

/**
 * The one place sections show an image. Content names a file under content/images/ and
 * its alt text; the build resolves it (variants, intrinsic size, placeholder) before any
 * page renders, so this only places the resolved picture. The hero's preset makes it the
 * page's priority image.
 */
export function SectionImage({ image, className }: { image: ResolvedImage; className?: string }) {
  return <Image image={image} {...(className ? { className } : {})} />;
}
