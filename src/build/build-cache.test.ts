import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { registerTempFolder } from "../../tests/unit/temp-folder.ts";
import {
  type BuildState,
  createBuildCache,
  fingerprintOf,
  routeKey,
  routeKeyer,
} from "./build-cache.ts";
import { codeDigest } from "./code-digest.ts";

const codeFingerprint = (root: string, options: unknown) =>
  fingerprintOf(codeDigest(root), options);

const root = registerTempFolder("hd-build-cache-");

beforeEach(async () => {
  await mkdir(join(root(), "src"));
  await writeFile(join(root(), "src", "a.ts"), "export const a = 1;\n");
  await writeFile(join(root(), "package-lock.json"), '{"lockfileVersion":3}\n');
});

const state = (code: string): BuildState => ({
  code,
  manifest: {},
  routes: { "/": "key" },
  images: {},
  siteName: "Harbor Desk",
});

describe("the code fingerprint", () => {
  it("stays when nothing changed and changes with code, dependencies or options", async () => {
    const before = codeFingerprint(root(), { outDir: "/out" });
    expect(codeFingerprint(root(), { outDir: "/out" })).toBe(before);
    expect(codeFingerprint(root(), { outDir: "/other" })).not.toBe(before);

    await writeFile(join(root(), "src", "a.ts"), "export const a = 2;\n");
    const edited = codeFingerprint(root(), { outDir: "/out" });
    expect(edited).not.toBe(before);

    await writeFile(join(root(), "package-lock.json"), '{"lockfileVersion":3,"packages":{}}\n');
    const locked = codeFingerprint(root(), { outDir: "/out" });
    expect(locked).not.toBe(edited);

    // A test beside the code is no part of any build.
    await writeFile(join(root(), "src", "a.test.ts"), "it('a', () => {});\n");
    expect(codeFingerprint(root(), { outDir: "/out" })).toBe(locked);
  });
});

describe("the build cache", () => {
  it("answers the previous state only to a build with the same code", async () => {
    const cache = createBuildCache(join(root(), ".cache"));
    expect(cache.read("code")).toBeNull();
    await cache.save(state("code"));
    expect(cache.read("code")).toEqual(state("code"));
    expect(cache.read("other code")).toBeNull();
  });

  it("forgets the state before a build touches the output", async () => {
    const cache = createBuildCache(join(root(), ".cache"));
    await cache.save(state("code"));
    cache.forget();
    expect(cache.read("code")).toBeNull();
  });
});

describe("a route's key", () => {
  it("changes with the route and with the site-wide inputs", () => {
    const route = { path: "/blog/a/", data: { title: "A" } };
    const key = routeKey("shared", route);
    expect(routeKey("shared", structuredClone(route))).toBe(key);
    expect(routeKey("shared", { ...route, data: { title: "B" } })).not.toBe(key);
    expect(routeKey("other shared", route)).not.toBe(key);
  });

  it("changes with the route's Markdown, its body and where it goes", () => {
    const route = { path: "/blog/a/", data: {}, markdown: { target: "post", body: "Hello" } };
    const key = routeKey("shared", route);
    expect(routeKey("shared", structuredClone(route))).toBe(key);
    expect(routeKey("shared", { ...route, markdown: { target: "post", body: "Hello!" } })).not.toBe(
      key,
    );
    expect(routeKey("shared", { ...route, markdown: { target: "page", body: "Hello" } })).not.toBe(
      key,
    );
    const { markdown: _, ...withoutMarkdown } = route;
    expect(routeKey("shared", withoutMarkdown)).not.toBe(key);
  });

  it("takes a post's digest for its body when it has one, and changes with it", () => {
    const route = (digest: string, body = "Hello") => ({
      path: "/blog/a/",
      data: {},
      markdown: { target: "post", body, digest },
    });
    const key = routeKey("shared", route("d1"));
    // The digest stands for the body: the body is not hashed again.
    expect(routeKey("shared", route("d1", "the same post, as its digest says"))).toBe(key);
    expect(routeKey("shared", route("d2"))).not.toBe(key);
    // A digest is never taken for a body that reads the same.
    const bodyOnly = { path: "/blog/a/", data: {}, markdown: { target: "post", body: "d1" } };
    expect(routeKey("shared", bodyOnly)).not.toBe(key);
  });

  it("follows the whole content of the shared values a route shows, alone or in a list", () => {
    // Each build's content makes its summaries anew: the set a build's routes share.
    const shared = new Set<object>();
    const summaryOf = (title: string) => {
      const summary = { slug: "a", title, tags: ["x"] };
      shared.add(summary);
      return summary;
    };
    const routeWith = (newer: object, list: object[]) => ({
      path: "/blog/b/",
      data: { newer, posts: list, title: "B" },
    });
    const a = summaryOf("A");
    const c = summaryOf("C");
    const keyOf = routeKeyer("shared", shared);
    const key = keyOf(routeWith(a, [a, c]));
    // The same content in new objects (the next build's) gives the same key.
    expect(
      routeKeyer("shared", shared)(routeWith(summaryOf("A"), [summaryOf("A"), summaryOf("C")])),
    ).toBe(key);
    // A shared value's change, alone or in a list, is a new key, as is its place.
    const retitled = summaryOf("A, retitled");
    expect(routeKeyer("shared", shared)(routeWith(retitled, [a, c]))).not.toBe(key);
    expect(routeKeyer("shared", shared)(routeWith(a, [retitled, c]))).not.toBe(key);
    expect(routeKeyer("shared", shared)(routeWith(a, [c, a]))).not.toBe(key);
    expect(routeKeyer("shared", shared)(routeWith(c, [a, c]))).not.toBe(key);
    // And the route's own data still counts.
    expect(
      keyOf({ ...routeWith(a, [a, c]), data: { newer: a, posts: [a, c], title: "B2" } }),
    ).not.toBe(key);
  });
});
