import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import { createOgRenderer, mayDrawInColour, quantisedPng } from "./og-raster.ts";
import { OG_PALETTE_COLOURS, type OgCard, ogCardSvg } from "./og-template.ts";

const card = (title: string, section = "Blog"): OgCard => ({
  title,
  section,
  siteName: "Harbor Desk",
  host: "harbordesk.example",
});

/** RGB bytes of an image. */
async function rgb(image: Buffer) {
  return (await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
}

describe("drawing an Open Graph card", () => {
  it("looks like the card drawn whole in full colour, in 4 bits a pixel", async () => {
    const renderer = createOgRenderer();
    for (const drawn of [
      card("Synthetic post 1016: Queue history article team"),
      card("ÉLAN ÅNGSTRÖM ÇÃO: queueing typography, jitter and gapping past every deadline"),
      card("Queues", "Staffing Calculator"),
      card("Pricing that grows with your team", "Pricing"),
      // An emoji: drawn whole, whether or not this machine has a colour font for it.
      card("Launch week 🚀 for support teams"),
    ]) {
      const png = await renderer.draw(drawn);
      // Full-colour PNG of a card is 52 KB; every build copies every card. Measured: 7.5 KB for
      // one word, 14.2 KB for two lines, 20.8 KB for three full lines of accented capitals
      // (the title's rows deflated as runs, palette-png.ts; the whole card at level 6 was 7.1,
      // 12.0 and 16.9 KB, in 8 times the time).
      expect(png.length, drawn.title).toBeLessThan(21 * 1024);
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([
        OG_IMAGE_WIDTH,
        OG_IMAGE_HEIGHT,
        false,
      ]);
      expect(meta.bitsPerSample).toBe(4);
      const [encoded, full] = await Promise.all([rgb(png), rgb(Buffer.from(ogCardSvg(drawn)))]);
      expect(encoded.length).toBe(full.length);
      let total = 0;
      let worst = 0;
      for (let i = 0; i < full.length; i++) {
        const difference = Math.abs((encoded[i] as number) - (full[i] as number));
        total += difference;
        worst = Math.max(worst, difference);
      }
      // Flat colours move by a step at most; anti-aliased edges to a neighbouring shade. A
      // title glyph left out, or drawn in the wrong rows, differs by 200 or more.
      // Measured: 1.00-1.04 on average, 43-47 at worst (libimagequant's own palette per card:
      // 0.99-1.01, 42-49).
      expect(total / full.length, drawn.title).toBeLessThan(1.5);
      expect(worst, drawn.title).toBeLessThan(64);
    }
  });

  it("draws every title with librsvg where fontconfig cannot name the font file", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const renderer = createOgRenderer();
      await renderer.prepareTitles();
      const drawn = card("Synthetic post 1016: Queue history article team");
      const [encoded, full] = await Promise.all([
        rgb(await renderer.draw(drawn)),
        rgb(Buffer.from(ogCardSvg(drawn))),
      ]);
      let total = 0;
      for (let i = 0; i < full.length; i++) {
        total += Math.abs((encoded[i] as number) - (full[i] as number));
      }
      expect(total / full.length).toBeLessThan(1.5);
    } finally {
      process.env.PATH = path;
    }
  });

  it("draws the same bytes for the same card, whichever cards came before", async () => {
    const first = createOgRenderer();
    const second = createOgRenderer();
    await second.draw(card("Another title first", "Pricing"));
    await second.draw(card("And one more"));
    const drawn = card("Why first reply time misleads");
    expect((await first.draw(drawn)).equals(await second.draw(drawn))).toBe(true);
  });

  it("draws cards of the same backdrop at once, each with its own title", async () => {
    const renderer = createOgRenderer();
    const titles = ["One queue", "Two queues", "Three queues"];
    const drawn = await Promise.all(titles.map((title) => renderer.draw(card(title))));
    const pixels = await Promise.all(drawn.map(rgb));
    expect(pixels[0]?.equals(pixels[1] as Buffer)).toBe(false);
    expect(pixels[1]?.equals(pixels[2] as Buffer)).toBe(false);
    const alone = await rgb(await createOgRenderer().draw(card("Two queues")));
    expect(alone.equals(pixels[1] as Buffer)).toBe(true);
  });

  it("draws whole the titles a colour font may draw in colour", () => {
    const colourFontMayDraw: Array<[title: string, inColour: boolean]> = [
      ["Launch week 🚀", true],
      ["Support in 🇩🇪 and 🇫🇷", true],
      ["Press 1️⃣ for billing", true],
      ["I ❤︎ queues", true],
      ["Queues", false],
      ["ÉLAN: 50 % faster — “quoted” · über", false],
      ["Erlang C: 2 + 2 = 4", false],
      ["日本語のサポート", false],
    ];
    for (const [title, inColour] of colourFontMayDraw) {
      expect(mayDrawInColour(title), title).toBe(inColour);
    }
  });

  it("draws such a title whole, with a palette of its own", async () => {
    /** The card as librsvg draws it whole and libimagequant reduces it. */
    const whole = (drawn: OgCard) =>
      sharp(Buffer.from(ogCardSvg(drawn)))
        .png(quantisedPng(OG_PALETTE_COLOURS))
        .toBuffer();
    const emoji = card("Launch week 🚀 for support teams");
    expect((await createOgRenderer().draw(emoji)).equals(await whole(emoji))).toBe(true);
    const plain = card("Launch week for support teams");
    expect((await createOgRenderer().draw(plain)).equals(await whole(plain))).toBe(false);
  });
});
