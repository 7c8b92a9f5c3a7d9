import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { settingsFileBeside, siteAddress } from "./site-address.ts";

describe("siteAddress", () => {
  const folder = registerTempFolder("hd-site-address-");
  const settings = (text: string) => {
    const file = join(folder(), "settings.json");
    writeFileSync(file, text);
    return file;
  };

  it("is PUBLIC_BASE_URL when set, else the content settings' siteUrl, else null", async () => {
    const file = settings(
      JSON.stringify({ siteUrl: "https://harbordesk.example", productName: "x" }),
    );
    expect(await siteAddress("https://www.harbordesk.example", file)).toBe(
      "https://www.harbordesk.example",
    );
    expect(await siteAddress(null, file)).toBe("https://harbordesk.example");
    expect(await siteAddress(null, join(folder(), "missing.json"))).toBeNull();
  });

  it("refuses a settings file it cannot read a site address from, naming it", async () => {
    for (const text of ["{", JSON.stringify({ siteUrl: "javascript:alert(1)" }), "{}"]) {
      const file = settings(text);
      await expect(siteAddress(null, file)).rejects.toThrow(file);
    }
  });

  it("finds the settings beside the forms folder, as content/ lays them out", () => {
    expect(settingsFileBeside("/srv/site/content/forms")).toBe("/srv/site/content/settings.json");
  });
});
