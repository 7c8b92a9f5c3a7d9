import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tempFolder } from "../../tests/unit/temp-folder.ts";
import { removeInBackground } from "./remove-in-background.ts";

describe("removeInBackground", () => {
  it("answers once every folder and what it holds is gone, and leaves the rest alone", async () => {
    const work = tempFolder("hd-remove-");
    const doomed = [join(work, "old-1"), join(work, "old 2")];
    for (const folder of doomed) {
      await mkdir(join(folder, "blog", "post"), { recursive: true });
      await writeFile(join(folder, "blog", "post", "index.html"), "<p>old</p>");
    }
    await writeFile(join(work, "keep.txt"), "kept");

    await removeInBackground(doomed);

    for (const folder of doomed) expect(existsSync(folder)).toBe(false);
    expect(existsSync(join(work, "keep.txt"))).toBe(true);
  });

  it("finishes the deletion after the process that started it has ended", async () => {
    const work = tempFolder("hd-remove-");
    const doomed = join(work, "old-output");
    for (let page = 0; page < 200; page++) {
      await mkdir(join(doomed, "blog", `post-${page}`), { recursive: true });
      await writeFile(join(doomed, "blog", `post-${page}`, "index.html"), "<p>old</p>");
    }
    // A build's process: it starts the deletion and ends without waiting for it.
    const started = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { removeInBackground } from ${JSON.stringify(new URL("./remove-in-background.ts", import.meta.url).href)};
        removeInBackground([process.argv[1]]);
        console.log("started");`,
        doomed,
      ],
      { encoding: "utf8" },
    );
    expect(started.trim()).toBe("started");
    await vi.waitFor(() => expect(existsSync(doomed)).toBe(false), {
      timeout: 30_000,
      interval: 50,
    });
  }, 40_000);

  it("answers at once for no folders, and for folders that are not there", async () => {
    const work = tempFolder("hd-remove-");
    await expect(removeInBackground([])).resolves.toBeUndefined();
    await expect(removeInBackground([join(work, "missing")])).resolves.toBeUndefined();
  });
});
