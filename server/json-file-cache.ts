import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";

/**
 * What tells one version of a file from another without reading it: its size and mtime, or
 * null when there is no such file. Checked on every request that reaches it, so synchronously
 * and without an exception for a missing file, as file-cache.ts explains.
 */
export function fileStamp(file: string): string | null {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.size}:${info.mtimeMs}` : null;
}

/**
 * A JSON file the build writes and the server reads on demand: read lazily, and again whenever
 * its size or mtime changes, so a rebuild is picked up without a restart. A missing file is
 * `empty`; a malformed one throws naming the file (the request answers 500 and logs why).
 */
export function createJsonFileCache<T>(
  file: string,
  parse: (json: unknown, file: string) => T,
  empty: T,
): () => Promise<T> {
  let cached: { key: string; value: T } | undefined;
  return async () => {
    // Checked on every request that reaches it (redirects, match paths).
    const key = fileStamp(file);
    if (key === null) return empty;
    if (cached?.key === key) return cached.value;
    const text = await readFile(file, "utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    const value = parse(json, file);
    cached = { key, value };
    return value;
  };
}
