import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { settingsFileBeside, siteAddress } from "./site-address.ts";

describe("siteAddress", () => {
  const folder = registerTempFolder("hd-site-address-");
  /** Writes the settings beside a forms folder and answers both. */
  const settings = (text: string) => {
    const file = join(folder(), "settings.json");
    writeFileSync(file, text);
    return { file, formsDir: join(folder(), "forms") };
  };

  it("is PUBLIC_BASE_URL when set, else the content settings' siteUrl, else null", async () => {
    const { formsDir } = settings(
      JSON.stringify({ siteUrl: "https://harbordesk.example", productName: "x" }),
    );
    expect(await siteAddress("https://www.harbordesk.example", formsDir)).toBe(
      "https://www.harbordesk.example",
    );
    expect(await siteAddress(null, formsDir)).toBe("https://harbordesk.example");
    expect(await siteAddress(null, join(folder(), "elsewhere", "forms"))).toBeNull();
  });

  it("refuses a settings file it cannot read a site address from, naming it", async () => {
    for (const text of ["{", JSON.stringify({ siteUrl: "javascript:alert(1)" }), "{}"]) {
      const { file, formsDir } = settings(text);
      await expect(siteAddress(null, formsDir)).rejects.toThrow(file);
    }
  });

  it("finds the settings beside the forms folder, as content/ lays them out", () => {
    expect(settingsFileBeside("/srv/site/content/forms")).toBe("/srv/site/content/settings.json");
  });
});
