import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "./build-site.ts";
import { assertOutputFolderOfItsOwn } from "./output-folder.ts";
import { contentFixture } from "./test-content.ts";

const kept = [
  { what: "the project", dir: "/srv/site" },
  { what: "the content", dir: "/srv/site/content" },
];

describe("assertOutputFolderOfItsOwn", () => {
  it("accepts a folder of its own, inside the project or beside it", () => {
    for (const out of [
      "/srv/site/public",
      "/srv/site/public/",
      "/srv/public",
      "/tmp/out",
      "/srv/site-public",
    ]) {
      expect(() => assertOutputFolderOfItsOwn(out, kept), out).not.toThrow();
    }
  });

  it("refuses the project, the content, and every folder above them, naming what it holds", () => {
    expect(() => assertOutputFolderOfItsOwn("/srv/site", kept)).toThrow(
      "The output folder /srv/site holds the project (/srv/site)",
    );
    expect(() => assertOutputFolderOfItsOwn("/srv/site/content", kept)).toThrow(
      /holds the content/,
    );
    expect(() => assertOutputFolderOfItsOwn("/srv", kept)).toThrow(/holds the project/);
    expect(() => assertOutputFolderOfItsOwn("/", kept)).toThrow(/Choose a folder of its own/);
    expect(() => assertOutputFolderOfItsOwn("/srv/site/content/..", kept)).toThrow(
      /holds the project/,
    );
  });
});

describe("a build into a folder that holds its content", () => {
  it("is refused before it touches anything", async () => {
    // As `HD_OUT_DIR=` (empty) once asked for the project folder itself. Tried on a copy of
    // the content, so that a regression empties a temporary folder, not the project.
    const contentDir = await contentFixture();
    const outDir = dirname(contentDir);
    await expect(buildSite({ contentDir, outDir })).rejects.toThrow(
      `The output folder ${outDir} holds the content`,
    );
    expect(existsSync(join(contentDir, "settings.json"))).toBe(true);
  });
});
