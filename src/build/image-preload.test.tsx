import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ResolvedImage } from "../images/index.ts";
import { Image } from "../ui/index.ts";
import { priorityImagePreload } from "./image-preload.ts";

const picture = (name: string, priority: boolean): ResolvedImage => ({
  src: `/assets/img/${name}-720.png`,
  srcSet: `/assets/img/${name}-480.png 480w, /assets/img/${name}-720.png 720w`,
  sizes: "(min-width: 760px) 720px, calc(100vw - 40px)",
  sources: [
    {
      type: "image/avif",
      srcSet: `/assets/img/${name}-480.avif 480w, /assets/img/${name}-720.avif 720w`,
    },
    {
      type: "image/webp",
      srcSet: `/assets/img/${name}-480.webp 480w, /assets/img/${name}-720.webp 720w`,
    },
  ],
  width: 720,
  height: 480,
  layout: "constrained",
  alt: name,
  priority,
});

describe("the preload of a page's first-screen image", () => {
  it("names the first source of the picture marked priority: its srcset, sizes and type", () => {
    const html = renderToString(<Image image={picture("inbox", true)} />);
    expect(priorityImagePreload(html)).toBe(
      '<link rel="preload" as="image" imagesrcset="/assets/img/inbox-480.avif 480w, /assets/img/inbox-720.avif 720w" imagesizes="(min-width: 760px) 720px, calc(100vw - 40px)" type="image/avif" fetchpriority="high">',
    );
  });

  it("says the sizes the picture says, where a component overrides the image's own", () => {
    const html = renderToString(
      <Image image={picture("card", false)} priority sizes="calc(100vw - 90px)" />,
    );
    expect(priorityImagePreload(html)).toContain('imagesizes="calc(100vw - 90px)"');
  });

  it("skips pictures without priority before it, and takes the first of several", () => {
    const html = renderToString(
      <main>
        <Image image={picture("lazy", false)} />
        <p>Text between</p>
        <Image image={picture("first", true)} />
        <Image image={picture("second", true)} />
      </main>,
    );
    const preload = priorityImagePreload(html);
    expect(preload).toContain("/assets/img/first-480.avif 480w");
    expect(preload).not.toContain("lazy");
    expect(preload).not.toContain("second");
  });

  it("names the <img>'s own srcset where the picture has no sources (an image service)", () => {
    const served = {
      ...picture("served", true),
      sources: [],
      srcSet: "https://hd.imgix.net/a.png?w=480&auto=format 480w",
    };
    const html = renderToString(<Image image={served} />);
    // Copied as React escaped it: attribute text already.
    expect(priorityImagePreload(html)).toBe(
      '<link rel="preload" as="image" imagesrcset="https://hd.imgix.net/a.png?w=480&amp;auto=format 480w" imagesizes="(min-width: 760px) 720px, calc(100vw - 40px)" fetchpriority="high">',
    );
  });

  it("does not take a source of an earlier, closed picture for an <img> outside any", () => {
    const html = `${renderToString(<Image image={picture("lazy", false)} />)}<img src="/logo.png" fetchPriority="high">`;
    expect(priorityImagePreload(html)).toBe(
      '<link rel="preload" as="image" href="/logo.png" fetchpriority="high">',
    );
  });

  it("is nothing on a page without a priority image, or with one written by content", () => {
    expect(priorityImagePreload(renderToString(<Image image={picture("lazy", false)} />))).toBe("");
    // Sanitised content writes attribute names in lower case, and text escapes its quotes.
    expect(
      priorityImagePreload(
        '<img src="/x.png" fetchpriority="high"><code>fetchPriority=&quot;high&quot;</code>',
      ),
    ).toBe("");
  });
});
