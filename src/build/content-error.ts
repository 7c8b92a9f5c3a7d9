import type { z } from "zod";

/** A content file that fails validation: names the file, the field and what was expected. */
export class ContentError extends Error {
  readonly file: string;
  constructor(file: string, problems: string[]) {
    super(`Invalid content in ${file}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ContentError";
    this.file = file;
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(the whole file)";
  return path
    .map((part, index) =>
      typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}

/** Validates `value` against `schema`, or throws a ContentError listing every problem. */
export function parseContent<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  file: string,
): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ContentError(
    file,
    result.error.issues.map((issue) => `field "${fieldName(issue.path)}": ${issue.message}`),
  );
}
