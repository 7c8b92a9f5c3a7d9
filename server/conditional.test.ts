import { describe, expect, it } from "vitest";
import { etagFor, isNotModified, lastModifiedFor } from "./conditional.ts";

const version = { size: 1234, mtimeMs: 1_700_000_000_123.456 };
const headers = (init: Record<string, string>) => new Headers(init);

describe("etagFor", () => {
  it("is a quoted strong tag that changes with size, mtime and encoding", () => {
    const tag = etagFor(version);
    expect(tag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(etagFor({ ...version, size: 1235 })).not.toBe(tag);
    expect(etagFor({ ...version, mtimeMs: version.mtimeMs + 0.01 })).not.toBe(tag);
    expect(etagFor(version, "br")).toBe(tag.replace(/"$/, '-br"'));
    expect(etagFor(version, "gzip")).not.toBe(etagFor(version, "br"));
  });
});

describe("isNotModified", () => {
  const tag = etagFor(version);

  it("matches If-None-Match exactly, weakly, in a list, or by *", () => {
    expect(isNotModified(headers({ "if-none-match": tag }), tag, version)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": `W/${tag}` }), tag, version)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": `"x", ${tag}` }), tag, version)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": "*" }), tag, version)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": '"other"' }), tag, version)).toBe(false);
  });

  it("lets If-None-Match override If-Modified-Since", () => {
    const future = new Date(version.mtimeMs + 60_000).toUTCString();
    const h = headers({ "if-none-match": '"other"', "if-modified-since": future });
    expect(isNotModified(h, tag, version)).toBe(false);
  });

  it("compares If-Modified-Since at whole seconds", () => {
    expect(
      isNotModified(headers({ "if-modified-since": lastModifiedFor(version) }), tag, version),
    ).toBe(true);
    const earlier = new Date(version.mtimeMs - 2000).toUTCString();
    expect(isNotModified(headers({ "if-modified-since": earlier }), tag, version)).toBe(false);
    expect(isNotModified(headers({ "if-modified-since": "garbage" }), tag, version)).toBe(false);
  });

  it("is false without validators", () => {
    expect(isNotModified(headers({}), tag, version)).toBe(false);
  });
});
