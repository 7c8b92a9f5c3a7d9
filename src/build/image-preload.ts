/**
 * The preload of a page's first-screen image, read off the page's markup: the first picture
 * whose `<img>` has `fetchPriority="high"` (`<Image>` gives it to a hero, a post's cover, and
 * to whatever a template marks as its first screen's largest image, such as a list's first
 * card). Read from the markup, the preload says the very `srcset` and `sizes` the picture says,
 * whichever component chose them: a preload that said others would make a phone fetch a file
 * the picture then does not use. Set from the routes' data instead, only presets marked
 * `priority` were preloaded, and the resources list's first card, its LCP on a phone, was not
 * (Lighthouse's LCP for it 1.00-1.77 s).
 */

const PRIORITY = 'fetchPriority="high"';

/** The `<link rel="preload">` of the page's first priority image, or "" when it has none. */
export function priorityImagePreload(appHtml: string): string {
  const at = appHtml.indexOf(PRIORITY);
  if (at < 0) return "";
  const img = appHtml.lastIndexOf("<img", at);
  if (img < 0) return "";
  // The picture around the <img>, if any: its first source is the format a browser that
  // supports it takes, which the preload's `type` lets other browsers skip.
  const picture = appHtml.lastIndexOf("<picture", img);
  const closed = picture >= 0 ? appHtml.lastIndexOf("</picture>", img) : -1;
  const sourceTag =
    picture >= 0 && closed < picture
      ? /<source\s[^>]*>/.exec(appHtml.slice(picture, img))?.[0]
      : undefined;
  const tag = sourceTag ?? (appHtml.slice(img, appHtml.indexOf(">", img) + 1) as string);
  const srcset = attribute(tag, "srcSet");
  // The markup's values are attribute text already (React escaped them): copied as they are.
  if (srcset === undefined) {
    const src = attribute(tag, "src");
    return src === undefined
      ? ""
      : `<link rel="preload" as="image" href="${src}" fetchpriority="high">`;
  }
  const sizes = attribute(tag, "sizes");
  const type = sourceTag ? attribute(sourceTag, "type") : undefined;
  return `<link rel="preload" as="image" imagesrcset="${srcset}"${sizes === undefined ? "" : ` imagesizes="${sizes}"`}${type === undefined ? "" : ` type="${type}"`} fetchpriority="high">`;
}

/** The value of attribute `name` (as React writes it) in one tag's markup, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}
