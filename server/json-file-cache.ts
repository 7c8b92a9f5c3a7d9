import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";

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
    // Checked on every request that reaches it (redirects, match paths), so synchronously and
    // without an exception for a missing file, as file-cache.ts explains.
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info) return empty;
    const key = `${info.size}:${info.mtimeMs}`;
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
