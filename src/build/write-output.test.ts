import { readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import { makeFolders, writeMeasuredOutputFile, writeOutputFile, writes } from "./write-output.ts";

const work = registerTempFolder("hd-write-output-", "all");

describe("writeOutputFile", () => {
  it("writes a string as UTF-8 into folders it makes, and answers its size in bytes", () => {
    const file = join(work(), "blog", "post", "index.html");
    // 1 + 2 + 3 + 4 bytes: ASCII, Latin-1, the rest of the BMP, beyond it.
    expect(writeMeasuredOutputFile(file, "aé—😀")).toBe(10);
    expect(readFileSync(file, "utf8")).toBe("aé—😀");
    expect(writeMeasuredOutputFile(file, Buffer.from([1, 2, 3]))).toBe(3);
    expect(statSync(file).size).toBe(3);
    // Unmeasured, the same bytes.
    writeOutputFile(join(work(), "fragment", "f.json"), "aé—😀");
    expect(readFileSync(join(work(), "fragment", "f.json"), "utf8")).toBe("aé—😀");
  });

  it("writes into a folder another thread has not made yet, making it then", () => {
    writes.foldersComing = true;
    try {
      const file = join(work(), "coming", "blog", "post", "index.html");
      expect(writeMeasuredOutputFile(file, "<p>page</p>")).toBe(11);
      expect(readFileSync(file, "utf8")).toBe("<p>page</p>");
      // Folders made beforehand are written into, and made again when they were removed.
      const made = join(work(), "coming", "made", "post");
      makeFolders([made, made]);
      expect(statSync(made).isDirectory()).toBe(true);
      writeOutputFile(join(made, "index.html"), "x");
      rmSync(join(work(), "coming", "made"), { recursive: true });
      writeOutputFile(join(made, "index.html"), "y");
      expect(readFileSync(join(made, "index.html"), "utf8")).toBe("y");
    } finally {
      writes.foldersComing = false;
    }
  });

  it("leaves a file with the same bytes alone when only changes are written", () => {
    const file = join(work(), "same", "page-data.json");
    writeOutputFile(file, '{"a":"é"}');
    utimesSync(file, new Date(0), new Date(0));
    writes.onlyChanged = true;
    try {
      const before = writes.count;
      expect(writeMeasuredOutputFile(file, '{"a":"é"}')).toBe(10);
      expect(writes.count).toBe(before);
      expect(statSync(file).mtimeMs).toBe(0);
      expect(writeMeasuredOutputFile(file, '{"a":"e"}')).toBe(9);
      expect(writes.count).toBe(before + 1);
    } finally {
      writes.onlyChanged = false;
    }
  });

  it("writes over a file that is there when the build overwrites its output, cut to the new length", () => {
    const file = join(work(), "over", "blog", "post", "index.html");
    writes.overwrite = true;
    try {
      // Not there yet: made, folders and all.
      expect(writeMeasuredOutputFile(file, "a longer first version of the page")).toBe(34);
      const inode = statSync(file).ino;
      expect(writeMeasuredOutputFile(file, "aé—😀")).toBe(10);
      expect(readFileSync(file, "utf8")).toBe("aé—😀");
      expect(writeMeasuredOutputFile(file, Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toBe(
        11,
      );
      expect(statSync(file).size).toBe(11);
      expect(statSync(file).ino).toBe(inode);
      // Anything but a missing file is an error, as when writing anew.
      expect(() => writeOutputFile(join(work(), "over", "blog"), "x")).toThrow(/EISDIR/);
    } finally {
      writes.overwrite = false;
    }
  });
});
