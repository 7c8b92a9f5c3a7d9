/**
 * The output folder must be a folder of its own. A build replaces what its output folder
 * holds (site-build.ts moves everything else in it aside and deletes it), so an output folder
 * that holds the content or the project would take them with it: `HD_OUT_DIR=` (set, but
 * empty) once named the project folder itself and emptied it, `.git` included.
 */
import { isAbsolute, relative, resolve } from "node:path";

export interface KeptFolder {
  /** What the folder is, for the error: "the content", "the project". */
  what: string;
  dir: string;
}

/** Throws when `outDir` is one of `kept` or a folder above one of them. */
export function assertOutputFolderOfItsOwn(outDir: string, kept: readonly KeptFolder[]): void {
  const out = resolve(outDir);
  for (const { what, dir } of kept) {
    const path = relative(out, resolve(dir));
    if (path === "" || (!path.startsWith("..") && !isAbsolute(path))) {
      throw new Error(
        `The output folder ${out} holds ${what} (${resolve(dir)}), and a build replaces everything in its output folder. Choose a folder of its own, such as public/.`,
      );
    }
  }
}
