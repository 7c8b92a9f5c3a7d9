import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRequestPath, resolveInRoot } from "./request-path.ts";

describe("parseRequestPath", () => {
  it("splits a directory-style URL into decoded segments", () => {
    expect(parseRequestPath("/blog/hello%20world/")).toEqual({
      ok: true,
      segments: ["blog", "hello world"],
      trailingSlash: true,
      decoded: "/blog/hello world/",
    });
  });

  it("treats the root as a directory", () => {
    expect(parseRequestPath("/")).toEqual({
      ok: true,
      segments: [],
      trailingSlash: true,
      decoded: "/",
    });
  });

  it("keeps a file URL without trailing slash", () => {
    expect(parseRequestPath("/assets/client-BxY12abc.js")).toMatchObject({
      ok: true,
      segments: ["assets", "client-BxY12abc.js"],
      trailingSlash: false,
    });
  });

  it.each([
    "/..",
    "/../etc/passwd",
    "/%2e%2e/secret",
    "/%2E%2E/secret",
    "/.%2e/secret",
    "/./x",
    "/..%2fsecret",
    "/a%2Fb",
    "/..%5csecret",
    "/a\\b",
    "/%00",
    "/index.html%00.txt",
    "/a%0d%0aSet-Cookie:x",
    "/%E0%A4%A",
    "/%",
    "relative/path",
  ])("rejects %s with 400", (pathname) => {
    expect(parseRequestPath(pathname)).toEqual({ ok: false, status: 400 });
  });

  it.each(["//secret", "/a//b", "/.env", "/.git/config", "/blog/.hidden/"])(
    "answers %s with 404",
    (pathname) => {
      expect(parseRequestPath(pathname)).toEqual({ ok: false, status: 404 });
    },
  );

  it("allows the public .well-known folder", () => {
    expect(parseRequestPath("/.well-known/security.txt")).toMatchObject({ ok: true });
  });

  it("never yields a segment that could leave its folder (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom("..", ".", "%2e", "%2E", "%2f", "%5c", "\\", "%00", "/", "a", "%"),
            fc.string(),
          ),
          { maxLength: 8 },
        ),
        (parts) => {
          const result = parseRequestPath(`/${parts.join("")}`);
          if (!result.ok) return;
          for (const segment of result.segments) {
            expect(segment).not.toBe("..");
            expect(segment).not.toBe(".");
            expect(segment).not.toMatch(/[/\\\0]/);
          }
          const root = path.resolve("/srv/site");
          const file = resolveInRoot(root, result.segments);
          expect(file === root || file.startsWith(root + path.sep)).toBe(true);
        },
      ),
    );
  });
});

describe("resolveInRoot", () => {
  it("joins segments below the root", () => {
    expect(resolveInRoot("/srv/site", ["blog", "x", "index.html"])).toBe(
      path.join("/srv/site", "blog", "x", "index.html"),
    );
  });

  it("throws instead of resolving outside the root", () => {
    expect(() => resolveInRoot("/srv/site", ["..", "secret"])).toThrow(/outside/);
  });
});
