import {
  closeSync,
  openSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tempFolder } from "../../tests/unit/temp-folder.ts";
import { createFileMemory } from "./file-memory.ts";

/** Past the racy window: a file untouched this long is one the memory may keep. */
const settle = () => new Promise((done) => setTimeout(done, 150));

describe("the memory of files a watching build keeps", () => {
  it("parses a settled file once while it is unchanged, and again once it changed", async () => {
    const file = join(tempFolder("hd-file-memory-"), "state.json");
    writeFileSync(file, '{"n":1}');
    await settle();
    const memory = createFileMemory();
    const parse = vi.fn((text: string) => JSON.parse(text) as { n: number });
    expect(memory.parsed(file, parse)).toEqual({ n: 1 });
    expect(memory.parsed(file, parse)).toEqual({ n: 1 });
    expect(parse).toHaveBeenCalledTimes(1);
    writeFileSync(file, '{"n":2}');
    expect(memory.parsed(file, parse)).toEqual({ n: 2 });
    rmSync(file);
    expect(memory.parsed(file, parse)).toBeNull();
  });

  it("sees a rewrite of the same size in place, even with the old modification time put back", async () => {
    const file = join(tempFolder("hd-file-memory-"), "post.md");
    writeFileSync(file, "title: A");
    // A whole second, which setting it back reproduces exactly.
    const mtime = 1_700_000_000;
    utimesSync(file, mtime, mtime);
    await settle();
    const before = statSync(file);
    const memory = createFileMemory();
    expect(memory.text(file)).toBe("title: A");
    // Same inode, same size, same mtime: only the change time, which nothing can set, moves.
    const handle = openSync(file, "r+");
    writeSync(handle, "title: B", 0);
    closeSync(handle);
    utimesSync(file, mtime, mtime);
    expect(statSync(file).ino).toBe(before.ino);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(memory.text(file)).toBe("title: B");
  });

  it("does not keep a file read right after it changed, which a same-tick write could hide", () => {
    const file = join(tempFolder("hd-file-memory-"), "post.md");
    writeFileSync(file, "fresh");
    const memory = createFileMemory();
    const parse = vi.fn((text: string) => text);
    memory.parsed(file, parse);
    memory.parsed(file, parse);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("answers what this process wrote without reading it back", () => {
    const file = join(tempFolder("hd-file-memory-"), "posts.json");
    const value = { code: "c", posts: {} };
    writeFileSync(file, JSON.stringify(value));
    const memory = createFileMemory();
    memory.wrote(file, value);
    const parse = vi.fn((text: string) => JSON.parse(text));
    expect(memory.parsed(file, parse)).toBe(value);
    expect(parse).not.toHaveBeenCalled();
  });
});
