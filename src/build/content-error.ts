import type { z } from "zod";

/**
 * Marks a ContentError wherever its class was loaded from: the build runs from a bundle with a
 * copy of this module (build-code.ts), and the scripts that report its errors import this one.
 */
const CONTENT_ERROR = Symbol.for("harbor-desk.content-error");

/** A content file that fails validation: names the file, the field and what was expected. */
export class ContentError extends Error {
  readonly file: string;
  /** What is wrong, one line each (the message lists them). */
  readonly problems: readonly string[];
  readonly [CONTENT_ERROR] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && CONTENT_ERROR in value;
  }

  constructor(file: string, problems: readonly string[]) {
    super(`Invalid content in ${file}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ContentError";
    this.file = file;
    this.problems = problems;
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
