import { readFile, stat } from "node:fs/promises";

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
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return empty;
      throw error;
    }
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
