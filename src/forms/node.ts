/**
 * Node-only: reads `content/forms/*.json`. Kept apart from the pure modules of this folder so
 * the browser bundle never sees `node:fs`. The build and the lead API both read forms here.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type FormDefinition, formDefinitionSchema } from "./schema.ts";

export class FormDefinitionError extends Error {
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`Invalid form definition ${file}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "FormDefinitionError";
    this.file = file;
    this.problems = problems;
  }
}

/** Every form in `dir`, by id. A missing folder means no forms; an invalid file throws naming it. */
export async function readFormDefinitions(dir: string): Promise<Map<string, FormDefinition>> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  const forms = new Map<string, FormDefinition>();
  for (const name of names) {
    const file = join(dir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new FormDefinitionError(file, [`not valid JSON: ${(error as Error).message}`]);
    }
    const parsed = formDefinitionSchema.safeParse(raw);
    if (!parsed.success) {
      throw new FormDefinitionError(
        file,
        parsed.error.issues.map((issue) => `field "${issue.path.join(".")}": ${issue.message}`),
      );
    }
    const expected = name.replace(/\.json$/, "");
    if (parsed.data.alternative_id !== expected) {
      throw new FormDefinitionError(file, [
        `field "alternative_id": expected "${expected}" (the file's name), got "${parsed.data.alternative_id}"`,
      ]);
    }
    forms.set(parsed.data.alternative_id, parsed.data);
  }
  return forms;
}
