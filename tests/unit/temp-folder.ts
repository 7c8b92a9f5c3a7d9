/**
 * Throwaway folders for unit tests, made under the OS's temp folder and always removed, so that
 * no test file repeats the mkdtemp-and-rm dance (or forgets the rm when an assertion throws).
 *
 * - `registerTempFolder(prefix)` at the top of a file or a `describe`: a fresh folder for each test
 *   ("each", the default) or one for the whole block ("all"). It returns a getter, because the
 *   folder exists only once the hook has run.
 * - `tempFolder(prefix)` inside a test: a folder made now and removed when that test finishes.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from "vitest";

function makeFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Deleting it can meet a build's own clean-up half way: a full build over an earlier output
 * deletes the old one in a detached child that may outlive the build (remove-in-background.ts),
 * inside this folder. When that child deletes an entry rmSync was about to, rmSync meets ENOENT,
 * which `force` silences, and stops with the rest of the tree still there: the incremental build
 * test left its temp folder (up to 22 MB of output) behind in about half of its runs. So it is
 * deleted again until gone.
 */
const REMOVAL_ATTEMPTS = 5;

/**
 * How long a removal may take. A folder of a render test holds about 9,000 entries; on a loaded
 * 2-core machine with costly system calls deleting them took more than the 10 s a hook gets by
 * default, and the suite failed on its clean-up, not on anything it tested (a CI run of
 * 80594ed). Removing is not what these tests measure, so it gets as long as it needs.
 */
const REMOVAL_TIMEOUT_MS = 120_000;

async function removeFolder(folder: string): Promise<void> {
  for (let attempt = 0; attempt < REMOVAL_ATTEMPTS && existsSync(folder); attempt += 1) {
    await rm(folder, { recursive: true, force: true });
  }
}

export function registerTempFolder(prefix: string, scope: "each" | "all" = "each"): () => string {
  let folder: string | undefined;
  const [before, after] = scope === "each" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(() => {
    folder = makeFolder(prefix);
  });
  after(async () => {
    const made = folder;
    folder = undefined;
    if (made) await removeFolder(made);
  }, REMOVAL_TIMEOUT_MS);
  return () => {
    if (!folder)
      throw new Error(`registerTempFolder("${prefix}"): used outside a test or its hooks`);
    return folder;
  };
}

export function tempFolder(prefix: string): string {
  const folder = makeFolder(prefix);
  onTestFinished(() => removeFolder(folder), REMOVAL_TIMEOUT_MS);
  return folder;
}
