import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { OG_IMAGE_WIDTH } from "../constants.ts";
import { createTitleSetter, resolveTitleFont } from "./og-glyphs.ts";
import { OG_FONT, OG_FONT_FAMILIES, ogCardLayers, ogTitleLayout } from "./og-template.ts";

const font = resolveTitleFont(OG_FONT_FAMILIES, "bold");

/** The title's coverage as librsvg draws the card's title layer. */
async function drawnByLibrsvg(title: string) {
  const layers = ogCardLayers({ title, section: "Blog", siteName: "Harbor Desk", host: "x" });
  return sharp(Buffer.from(layers.title.svg)).extractChannel(3).raw().toBuffer();
}

describe("setting a card's title from glyphs drawn once", () => {
  it("finds the face librsvg draws the card's font stack with", () => {
    // The machines we build on have Liberation Sans or DejaVu Sans (Chromium brings both).
    expect(font?.family).toMatch(/^(Liberation Sans|DejaVu Sans)$/);
  });

  it("covers the pixels librsvg covers, kerning, accents and both sizes included", async () => {
    const setter = createTitleSetter(font as NonNullable<typeof font>, OG_FONT);
    for (const title of [
      "Synthetic post 1016: Queue history article team",
      // Kerned pairs (Te, AV, y., To), ligature candidates, and the typographic characters.
      "To AVery office: fi, fl and ffi — “quoted” on Tuesday…",
      "ÉLAN ÅNGSTRÖM ÇÃO: queueing typography, jitter and gapping past every deadline",
      "Why first reply time misleads",
    ]) {
      const layout = ogTitleLayout(title);
      expect(await setter.ready(layout.lines, layout.size), title).toBe(true);
      const rows = { top: layout.top, height: layout.height, width: OG_IMAGE_WIDTH };
      const { coverage, inked } = setter.cover(layout.lines, layout, rows);
      const reference = await drawnByLibrsvg(title);
      expect(coverage.length).toBe(reference.length);
      let total = 0;
      let worst = 0;
      for (let at = 0; at < reference.length; at += 1) {
        const difference = Math.abs((coverage[at] as number) - (reference[at] as number));
        total += difference;
        worst = Math.max(worst, difference);
        // Every pixel with ink lies within its row's inked columns.
        if ((coverage[at] as number) > 0) {
          const row = Math.floor(at / OG_IMAGE_WIDTH);
          const column = at % OG_IMAGE_WIDTH;
          expect(column).toBeGreaterThanOrEqual(inked[row * 2] as number);
          expect(column).toBeLessThanOrEqual(inked[row * 2 + 1] as number);
        }
      }
      // Glyphs land within 1/8 px of where Pango puts them: edges differ by a few levels.
      // Measured: 0.17-0.31 on average, 29-33 at worst. Kerning left out moved whole glyphs by
      // 5 px (600+ levels a glyph edge); one glyph in the wrong place differs by 255.
      expect(total / reference.length, title).toBeLessThan(0.5);
      expect(worst, title).toBeLessThan(48);
    }
  });

  it("kerns DejaVu Sans as librsvg does, where Liberation Sans is missing", () => {
    // Its default script's GPOS kern has no pairs, its Latin script's 742 of the set's: kerned
    // from the default, "To AVery…" differed by 32 levels on average. Run in a process of its
    // own, whose fontconfig knows DejaVu alone (fontconfig reads its configuration once).
    const dejavu = execFileSync("fc-match", ["-f", "%{file}", "DejaVu Sans:bold"], {
      encoding: "utf8",
    });
    expect(dejavu, "fontconfig-config brings DejaVu Sans").toMatch(/DejaVuSans-Bold\.ttf$/);
    const dir = mkdtempSync(join(tmpdir(), "hd-dejavu-"));
    try {
      const config = join(dir, "fonts.conf");
      writeFileSync(
        config,
        `<?xml version="1.0"?><fontconfig><dir>${dirname(dejavu)}</dir><cachedir>${dir}</cachedir></fontconfig>`,
      );
      const here = (file: string) => pathToFileURL(join(import.meta.dirname, file)).href;
      const script = `
        import sharp from "sharp";
        import { createTitleSetter, resolveTitleFont } from "${here("og-glyphs.ts")}";
        import { OG_FONT, OG_FONT_FAMILIES, ogCardLayers, ogTitleLayout } from "${here("og-template.ts")}";
        const font = resolveTitleFont(OG_FONT_FAMILIES, "bold");
        const title = "To AVery office: LT Ty — “quoted” on Tuesday";
        const layout = ogTitleLayout(title);
        const setter = createTitleSetter(font, OG_FONT);
        await setter.ready(layout.lines, layout.size);
        const { coverage } = setter.cover(layout.lines, layout, { top: layout.top, height: layout.height, width: 1200 });
        const svg = ogCardLayers({ title, section: "Blog", siteName: "Harbor Desk", host: "x" }).title.svg;
        const reference = await sharp(Buffer.from(svg)).extractChannel(3).raw().toBuffer();
        let total = 0;
        for (let at = 0; at < reference.length; at += 1) total += Math.abs(coverage[at] - reference[at]);
        console.log(JSON.stringify({ family: font.family, mean: total / reference.length }));
      `;
      const answer = JSON.parse(
        execFileSync(process.execPath, ["--input-type=module", "-e", script], {
          cwd: join(import.meta.dirname, "../../.."),
          env: { ...process.env, FONTCONFIG_FILE: config },
          encoding: "utf8",
        }),
      ) as { family: string; mean: number };
      expect(answer.family).toBe("DejaVu Sans");
      // Measured: 0.10-0.16 with the Latin script's kerning.
      expect(answer.mean).toBeLessThan(0.5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves to librsvg a title with a character outside the set", async () => {
    const setter = createTitleSetter(font as NonNullable<typeof font>, OG_FONT);
    expect(await setter.ready(["日本語のサポート"], 72)).toBe(false);
    expect(await setter.ready(["Support in ✓ steps"], 72)).toBe(false);
    expect(await setter.ready(["Plain title"], 72)).toBe(true);
    expect(() =>
      setter.cover(
        ["Plain"],
        { size: 64, left: 0, baseline: 90, lineHeight: 74 },
        {
          top: 0,
          height: 100,
          width: 400,
        },
      ),
    ).toThrow(/no glyphs drawn at 64 px/);
  });

  it("sets no title without fontconfig to say which file librsvg draws with", () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      expect(resolveTitleFont(OG_FONT_FAMILIES, "bold")).toBeNull();
    } finally {
      process.env.PATH = path;
    }
  });
});
