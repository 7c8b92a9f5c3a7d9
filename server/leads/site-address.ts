/**
 * The site's public address, on which uploaded files reach the CRM as links (a lead's file
 * field holds `/api/files/{id}`). PUBLIC_BASE_URL when it is set, else the `siteUrl` of the
 * content's settings, `settings.json` beside the forms folder: the address the site's
 * canonical URLs are made on, which also answers `/api/*` in every deployment README.md
 * describes. Never the page address a submission reports: a post that names another host as
 * its page would have put that host in front of a marketer as the lead's attachment.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";

const siteUrlSchema = z.object({
  siteUrl: z.url({ protocol: /^https?$/ }),
});

/** The settings file of the content whose forms are in `formsDir`. */
export function settingsFileBeside(formsDir: string): string {
  return join(dirname(formsDir), "settings.json");
}

/**
 * `publicBaseUrl` when given, else the `siteUrl` of the settings beside `formsDir`; null when
 * neither is there (file links then stay paths). A settings file that cannot be read as such
 * throws, naming it.
 */
export async function siteAddress(
  publicBaseUrl: string | null,
  formsDir: string,
): Promise<string | null> {
  if (publicBaseUrl) return publicBaseUrl;
  const settingsFile = settingsFileBeside(formsDir);
  let text: string;
  try {
    text = await readFile(settingsFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let parsed: ReturnType<typeof siteUrlSchema.safeParse>;
  try {
    parsed = siteUrlSchema.safeParse(JSON.parse(text));
  } catch (error) {
    throw new Error(`${settingsFile} is not valid JSON: ${(error as Error).message}`);
  }
  if (!parsed.success) {
    throw new Error(
      `${settingsFile}: siteUrl must be the site's http(s) address, as PUBLIC_BASE_URL would be`,
    );
  }
  return parsed.data.siteUrl;
}
