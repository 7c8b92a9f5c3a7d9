/**
 * A JSON file that speaks for the output folder only while it is true, written by the build
 * with a given fingerprint: read back only for that fingerprint (and when it has the expected
 * shape), removed before a build touches the output, and written whole once the build is
 * done, so that a build that fails half-way leaves none. The incremental build's state
 * (build-cache.ts) and the output's record (output-record.ts) are two.
 */
import { readFileSync, rmSync } from "node:fs";
import { writeFileWhole } from "../lib/node.ts";
import type { FileMemory } from "./file-memory.ts";

export function buildStateFile<T extends { code: string }>(
  file: string,
  hasShape: (value: T) => boolean = () => true,
  /** Keeps what this process wrote or read, so it is not parsed again (file-memory.ts). */
  memory?: FileMemory,
) {
  return {
    /** What the file says, when the build with this fingerprint wrote it. */
    read(code: string): T | null {
      try {
        const value = (
          memory
            ? memory.parsed(file, (text) => JSON.parse(text))
            : JSON.parse(readFileSync(file, "utf8"))
        ) as T | null;
        return value !== null && value.code === code && hasShape(value) ? value : null;
      } catch {
        return null;
      }
    },
    /** Before a build touches the output: until it finishes, nothing may trust the file. */
    forget(): void {
      rmSync(file, { force: true });
    },
    async save(value: T): Promise<void> {
      await writeFileWhole(file, JSON.stringify(value));
      memory?.wrote(file, value);
    },
  };
}
