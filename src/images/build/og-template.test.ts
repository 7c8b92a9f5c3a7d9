import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import { OG_SECTION_ROWS, ogCardLayers, ogCardSvg } from "./og-template.ts";

/** The card drawn as librsvg draws it in the build, one grey byte a pixel. */
async function draw(title: string, section: string) {
  const svg = ogCardSvg({ title, section, siteName: "Harbor Desk", host: "harbordesk.example" });
  const { data } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { svg, light: (x: number, y: number) => (data[y * OG_IMAGE_WIDTH + x] as number) > 150 };
}

/** Whether any light (text) pixel lies in the columns [fromX, toX) of the rows [fromY, toY). */
function anyLight(
  light: (x: number, y: number) => boolean,
  [fromX, toX]: [number, number],
  [fromY, toY]: [number, number],
) {
  for (let y = fromY; y < toY; y++) for (let x = fromX; x < toX; x++) if (light(x, y)) return true;
  return false;
}

describe("an Open Graph card", () => {
  it("differs from section to section only in the section's rows, which its section layer draws", async () => {
    const layersOf = (section: string) =>
      ogCardLayers({ title: "", section, siteName: "Harbor Desk", host: "harbordesk.example" });
    const pixels = (svg: string) => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    const { top, height } = OG_SECTION_ROWS;
    const blog = await pixels(layersOf("Blog").backdrop);
    for (const section of ["Help Desk Staffing Calculator", "Éclair Ångström", "Pricing"]) {
      const layers = layersOf(section);
      const whole = await pixels(layers.backdrop);
      const rowBytes = OG_IMAGE_WIDTH * 3;
      // Outside the rows, the same pixels as another section's backdrop…
      expect(whole.subarray(0, top * rowBytes).equals(blog.subarray(0, top * rowBytes))).toBe(true);
      expect(
        whole.subarray((top + height) * rowBytes).equals(blog.subarray((top + height) * rowBytes)),
      ).toBe(true);
      // …and within them, what the section layer draws alone.
      expect(layers.section).toMatchObject({ top, height });
      const rows = await pixels(layers.section.svg);
      expect(rows.equals(whole.subarray(top * rowBytes, (top + height) * rowBytes)), section).toBe(
        true,
      );
      expect(rows.equals(blog.subarray(top * rowBytes, (top + height) * rowBytes))).toBe(false);
    }
  });

  it("leaves out characters XML cannot hold, which librsvg refused", async () => {
    const title = "Queue\u0001 history\u000c, a lone \ud800 surrogate \ufffe and tabs\tstay";
    const svg = ogCardSvg({ title, section: "Blog\u0007", siteName: "Harbor Desk", host: "x" });
    for (const char of ["\u0001", "\u0007", "\u000c", "\ud800", "\ufffe"]) {
      expect(svg.includes(char), JSON.stringify(char)).toBe(false);
    }
    // librsvg parses it: before, this threw an XML parse error and failed the build.
    const { width } = await sharp(Buffer.from(svg)).metadata();
    expect(width).toBe(OG_IMAGE_WIDTH);
  });

  it("keeps a wide title inside the margin the host's name ends at", async () => {
    for (const title of [
      // Capitals and digits: 26 characters a line ran 140 px past the card's edge.
      "Synthetic post 1016: Queue history article team",
      "WORKFORCE MANAGEMENT WITH ERLANG C AND SLA MATHS FOR 2026 AND BEYOND",
      "Mmmm wwww 0000 Mmmm wwww 0000",
    ]) {
      const { light } = await draw(title, "Blog");
      // The title's rows, right of x = 1112 (where "harbordesk.example" ends) to the edge.
      expect(anyLight(light, [1112, OG_IMAGE_WIDTH], [180, 420]), title).toBe(false);
      // And it is drawn at all.
      expect(anyLight(light, [88, 400], [180, 260]), title).toBe(true);
    }
  });

  it("sizes the section label's pill to the label", async () => {
    const { svg, light } = await draw("Queues", "Staffing Calculator");
    const pill = /<rect x="88" y="120" width="(\d+)"/.exec(svg);
    expect(pill).not.toBeNull();
    const pillEnd = 88 + Number(pill?.[1]);
    expect(pillEnd).toBeLessThan(OG_IMAGE_WIDTH);
    // The label's letters are light on the dark pill; none lie outside it on the card.
    expect(anyLight(light, [100, pillEnd], [128, 156])).toBe(true);
    expect(anyLight(light, [pillEnd, OG_IMAGE_WIDTH], [120, 164])).toBe(false);
  });

  it("is its backdrop and its title layer, the title's rows holding all of the title", async () => {
    for (const title of [
      "Synthetic post 1016: Queue history article team",
      // Three lines at the smaller size; accented capitals above, descenders below.
      "ÉLAN ÅNGSTRÖM ÇÃO: queueing typography, jitter and gapping past every deadline",
      "Queues",
    ]) {
      const card = { title, section: "Blog", siteName: "Harbor Desk", host: "harbordesk.example" };
      const layers = ogCardLayers(card);
      const whole = ogCardSvg(card);
      // The whole card is the backdrop with the title's text elements added.
      const titleText = /<svg[^>]*>(.*)<\/svg>$/s.exec(layers.title.svg)?.[1] ?? "";
      expect(titleText).toContain(">");
      expect(whole.replace(titleText, "").replace("\n\n", "\n")).toBe(layers.backdrop);
      // Drawn whole and without its title, the card differs only within the title's rows.
      const pixels = async (svg: string) =>
        (await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true }))
          .data;
      const [withTitle, without] = await Promise.all([pixels(whole), pixels(layers.backdrop)]);
      const { top, height } = layers.title;
      let changedRows = 0;
      for (let y = 0; y < OG_IMAGE_HEIGHT; y++) {
        let changed = false;
        for (let x = 0; x < OG_IMAGE_WIDTH; x++) {
          const at = y * OG_IMAGE_WIDTH + x;
          if (withTitle[at] !== without[at]) changed = true;
        }
        if (!changed) continue;
        changedRows += 1;
        expect(y, title).toBeGreaterThanOrEqual(top);
        expect(y, title).toBeLessThan(top + height);
      }
      expect(changedRows, title).toBeGreaterThan(40);
    }
  });

  it("is the size social networks expect", () => {
    const svg = ogCardSvg({ title: "x", section: "Blog", siteName: "H", host: "h.example" });
    expect(svg).toContain(`width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}"`);
  });
});
