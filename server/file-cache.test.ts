import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../tests/unit/temp-folder.ts";
import { createFileCache } from "./file-cache.ts";

const root = registerTempFolder("hd-file-cache-");

async function write(name: string, text: string): Promise<string> {
  const file = path.join(root(), name);
  await writeFile(file, text);
  return file;
}

describe("createFileCache", () => {
  it("keeps a small file's bytes and answers the kept entry while the file is unchanged", async () => {
    const cache = createFileCache({ maxFileBytes: 100, maxTotalBytes: 1000 });
    const file = await write("a.html", "<p>one</p>");
    const first = await cache.read(file);
    expect(first?.kind).toBe("bytes");
    expect(first?.kind === "bytes" && first.bytes.toString()).toBe("<p>one</p>");
    expect(await cache.read(file)).toBe(first);
    expect(cache.heldBytes()).toBe(10);
  });

  it("reads a rewritten file again, even at the same size", async () => {
    const cache = createFileCache({ maxFileBytes: 100, maxTotalBytes: 1000 });
    const file = await write("a.html", "<p>one</p>");
    await cache.read(file);
    await writeFile(file, "<p>two</p>");
    // A later mtime, as a rebuild a moment later gives it.
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const second = await cache.read(file);
    expect(second?.kind === "bytes" && second.bytes.toString()).toBe("<p>two</p>");
    expect(cache.heldBytes()).toBe(10);
  });

  it("answers undefined for a deleted file, a missing one and a directory, and lets go", async () => {
    const cache = createFileCache({ maxFileBytes: 100, maxTotalBytes: 1000 });
    const file = await write("a.html", "<p>one</p>");
    await cache.read(file);
    await rm(file);
    expect(await cache.read(file)).toBeUndefined();
    expect(cache.heldBytes()).toBe(0);
    expect(await cache.read(path.join(root(), "nope", "index.html"))).toBeUndefined();
    await mkdir(path.join(root(), "folder"));
    expect(await cache.read(path.join(root(), "folder"))).toBeUndefined();
  });

  it("leaves a file above the per-file limit to the caller, holding nothing", async () => {
    const cache = createFileCache({ maxFileBytes: 4, maxTotalBytes: 1000 });
    const file = await write("big.js", "0123456789");
    const found = await cache.read(file);
    expect(found?.kind).toBe("large");
    expect(found?.stats.size).toBe(10);
    expect(cache.heldBytes()).toBe(0);
  });

  it("drops the least recently read files beyond the total", async () => {
    const cache = createFileCache({ maxFileBytes: 100, maxTotalBytes: 25 });
    const a = await write("a", "aaaaaaaaaa");
    const b = await write("b", "bbbbbbbbbb");
    const c = await write("c", "cccccccccc");
    const firstA = await cache.read(a);
    const firstB = await cache.read(b);
    // Reading a again makes b the least recent, so c's arrival drops b.
    expect(await cache.read(a)).toBe(firstA);
    await cache.read(c);
    expect(cache.heldBytes()).toBe(20);
    expect(await cache.read(a)).toBe(firstA);
    expect(await cache.read(b)).not.toBe(firstB);
  });

  it("makes derived bytes once per file version, shared by concurrent callers", async () => {
    const cache = createFileCache({ maxFileBytes: 100, maxTotalBytes: 1000 });
    const file = await write("a.html", "<p>one</p>");
    let made = 0;
    const upper = async (bytes: Buffer) => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return Buffer.from(bytes.toString().toUpperCase());
    };
    const source = await cache.read(file);
    if (source?.kind !== "bytes") throw new Error("expected kept bytes");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.derived(file, source, "upper", upper)),
    );
    expect(answers.map((bytes) => bytes.toString())).toEqual(Array(5).fill("<P>ONE</P>"));
    expect(await cache.derived(file, source, "upper", upper)).toBe(answers[0]);
    expect(made).toBe(1);
    expect(cache.heldBytes()).toBe(20);

    await writeFile(file, "<p>two</p>");
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const rewritten = await cache.read(file);
    if (rewritten?.kind !== "bytes") throw new Error("expected kept bytes");
    expect((await cache.derived(file, rewritten, "upper", upper)).toString()).toBe("<P>TWO</P>");
    expect(made).toBe(2);
    expect(cache.heldBytes()).toBe(20);
  });

  it("never gives a rewritten file the bytes derived from its old version", async () => {
    const cache = createFileCache({ maxFileBytes: 100, maxTotalBytes: 1000 });
    const file = await write("a.html", "<p>one</p>");
    const source = await cache.read(file);
    if (source?.kind !== "bytes") throw new Error("expected kept bytes");
    const copy = async (bytes: Buffer) => Buffer.from(bytes);
    // The file is rewritten while its old version's copy is being made.
    const slow = cache.derived(file, source, "copy", async (bytes) => {
      await writeFile(file, "<p>three</p>");
      const later = new Date(Date.now() + 5_000);
      await utimes(file, later, later);
      return copy(bytes);
    });
    expect((await slow).toString()).toBe("<p>one</p>");
    const rewritten = await cache.read(file);
    if (rewritten?.kind !== "bytes") throw new Error("expected kept bytes");
    expect((await cache.derived(file, rewritten, "copy", copy)).toString()).toBe("<p>three</p>");
  });
});
