import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../constants.ts";
import { OG_PNG_OPTIONS, ogCardSvg } from "./og-template.ts";

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

  it("is encoded small, and looks like its full-colour render", async () => {
    const svg = ogCardSvg({
      title: "Synthetic post 1016: Queue history article team",
      section: "Blog",
      siteName: "Harbor Desk",
      host: "harbordesk.example",
    });
    const png = await sharp(Buffer.from(svg)).png(OG_PNG_OPTIONS).toBuffer();
    // Full-colour PNG of the same card is 52 KB; every build copies every card.
    expect(png.length).toBeLessThan(16 * 1024);
    expect((await sharp(png).metadata()).hasAlpha).toBe(false);
    const pixels = async (image: Buffer) =>
      (await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
    const [encoded, full] = await Promise.all([pixels(png), pixels(Buffer.from(svg))]);
    expect(encoded.length).toBe(full.length);
    let total = 0;
    let worst = 0;
    for (let i = 0; i < full.length; i++) {
      const difference = Math.abs((encoded[i] as number) - (full[i] as number));
      total += difference;
      worst = Math.max(worst, difference);
    }
    // The flat colours move by a step at most (#1d2b53 becomes #1c2a52); only anti-aliased
    // edges move further, to a neighbouring shade. Measured: 0.98 on average, 44 at worst.
    expect(total / full.length).toBeLessThan(1.5);
    expect(worst).toBeLessThan(64);
  });

  it("is the size social networks expect", () => {
    const svg = ogCardSvg({ title: "x", section: "Blog", siteName: "H", host: "h.example" });
    expect(svg).toContain(`width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}"`);
  });
});
