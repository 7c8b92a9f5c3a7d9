/** The whole app over real HTTP against a fixture build folder. */
import { readdirSync } from "node:fs";
import { rm, utimes } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "./api.ts";
import { createApp } from "./app.ts";
import {
  API_ERROR_BODY,
  API_NOT_FOUND_BODY,
  CACHE_IMMUTABLE,
  CACHE_NO_STORE,
  CACHE_REVALIDATE,
} from "./constants.ts";
import { PERMISSIONS_POLICY } from "./headers.ts";
import { type RunningServer, startServer } from "./node.ts";
import { createFixtureRoot, FIXTURE, type FixtureRoot } from "./testing/fixture.ts";
import { type RawResponse, rawRequest } from "./testing/http.ts";

let fixture: FixtureRoot;
let server: RunningServer;

const get = (target: string, headers?: Record<string, string>) =>
  rawRequest(server.port, target, { headers });
const head = (target: string, headers?: Record<string, string>) =>
  rawRequest(server.port, target, { method: "HEAD", headers });

beforeAll(async () => {
  fixture = await createFixtureRoot();
  const api = createApi();
  api.get("/boom", () => {
    throw new Error("API failure for the test");
  });
  api.post("/echo", async (c) => c.json(await c.req.json()));
  const csp = {
    scriptSrc: ["https://www.googletagmanager.com"],
    connectSrc: ["https://api.ipify.org"],
  };
  server = await startServer({
    app: createApp({ root: fixture.root, api, csp }),
    port: 0,
    host: "127.0.0.1",
    csp,
  });
});

afterAll(async () => {
  await server?.close();
  await fixture?.remove();
});

function expectSecurityHeaders(response: RawResponse): void {
  const csp = String(response.headers["content-security-policy"]);
  expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
  expect(csp).toMatch(/connect-src 'self' https:\/\/api\.ipify\.org;/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
  expect(response.headers["x-frame-options"]).toBe("DENY");
}

describe("path → file resolution", () => {
  it("serves index.html for / and for directory URLs", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.body.toString()).toBe(FIXTURE.home);
    const post = await get("/blog/hello-world/?utm_source=x");
    expect(post.status).toBe(200);
    expect(post.body.toString()).toBe(FIXTURE.blogPost);
  });

  it("redirects a directory URL without its slash, keeping the query string", async () => {
    const response = await get("/blog/hello-world?utm_source=news&x=%20y");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/blog/hello-world/?utm_source=news&x=%20y");
    expect(response.body.length).toBe(0);
    expectSecurityHeaders(response);
  });

  it("serves files as they are", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toBe("User-agent: *\nAllow: /\n");
    const data = await get("/page-data/index/page-data.json");
    expect(JSON.parse(data.body.toString())).toEqual(FIXTURE.pageData);
  });

  it("does not treat a file URL with a trailing slash as a directory", async () => {
    expect((await get("/robots.txt/")).status).toBe(404);
  });

  it("answers unknown paths with 404.html and status 404", async () => {
    for (const target of [
      "/no-such-page/",
      "/no-such-page",
      "/blog/nope/",
      "/assets/gone-123.js",
    ]) {
      const response = await get(target);
      expect(response.status, target).toBe(404);
      expect(response.body.toString()).toBe(FIXTURE.notFound);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      // A missing hashed asset may appear on the next deploy: never cache its 404 for a year.
      expect(response.headers["cache-control"]).toBe(CACHE_REVALIDATE);
      expect(response.headers.etag).toBeUndefined();
      expectSecurityHeaders(response);
    }
  });

  it("keeps dot-files private", async () => {
    const response = await get("/.env");
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain(FIXTURE.dotEnv);
  });

  it("answers other methods with 405 and Allow", async () => {
    const response = await rawRequest(server.port, "/", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expectSecurityHeaders(response);
  });
});

describe("content types", () => {
  it.each([
    ["/", "text/html; charset=utf-8"],
    ["/assets/client-BxY12abc.js", "text/javascript; charset=utf-8"],
    ["/assets/styles-Cd34efgh.css", "text/css; charset=utf-8"],
    ["/page-data/app-data.json", "application/json; charset=utf-8"],
    ["/manifest.webmanifest", "application/manifest+json; charset=utf-8"],
    ["/sitemap.xml", "application/xml; charset=utf-8"],
    ["/robots.txt", "text/plain; charset=utf-8"],
    ["/icon.svg", "image/svg+xml"],
    ["/icon-192.png", "image/png"],
    ["/assets/inter-Ab12cd.woff2", "font/woff2"],
  ])("%s is %s", async (target, type) => {
    const response = await get(target);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe(type);
  });
});

describe("path traversal", () => {
  const attempts = [
    "/../secret.txt",
    "/../../secret.txt",
    "/../public/../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/.%2e/secret.txt",
    "/..%2fsecret.txt",
    "/..%2Fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/blog/..%2f..%2fsecret.txt",
    "/assets/%2e%2e/%2e%2e/secret.txt",
    "/%252e%252e/secret.txt",
    "/..\\secret.txt",
    "/..%5csecret.txt",
    "/..%5Csecret.txt",
    "/%5c..%5csecret.txt",
    "/%00",
    "/index.html%00",
    "/secret.txt%00.html",
    "//secret.txt",
    "/.env",
    "/%2eenv",
    "http://127.0.0.1/../secret.txt",
  ];

  it.each(attempts)("%s → 400 or 404 without the secret", async (target) => {
    const response = await get(target);
    expect([400, 404]).toContain(response.status);
    const body = response.body.toString();
    expect(body).not.toContain(FIXTURE.secret);
    expect(body).not.toContain(FIXTURE.dotEnv);
    expectSecurityHeaders(response);
  });

  it("never redirects off-site", async () => {
    for (const target of [
      "//evil.example/",
      "//evil.example",
      "/%2fevil.example",
      "/\\evil.example",
    ]) {
      const response = await get(target);
      expect(response.status, target).not.toBe(301);
      expect(response.headers.location).toBeUndefined();
    }
  });
});

describe("HEAD", () => {
  it.each([
    "/",
    "/blog/hello-world/",
    "/blog/hello-world",
    "/assets/client-BxY12abc.js",
    "/no-such-page/",
    "/interview-builder/anything",
    "/api/health",
    // A page marked with a no-JavaScript form outcome, and plain-text refusals.
    "/?hd_form=demo-request&hd_status=success",
    "/%",
    "/a%00",
  ])("%s has GET's status and headers, and no body", async (target) => {
    const [got, headed] = await Promise.all([get(target), head(target)]);
    expect(headed.status).toBe(got.status);
    expect(headed.body.length).toBe(0);
    const { date: _d1, ...getHeaders } = got.headers;
    const { date: _d2, ...headHeaders } = headed.headers;
    expect(headHeaders).toEqual(getHeaders);
  });

  it("reports the length of the body GET would send", async () => {
    const headed = await head("/blog/hello-world/");
    expect(Number(headed.headers["content-length"])).toBe(Buffer.byteLength(FIXTURE.blogPost));
  });
});

describe("validators and 304", () => {
  it("sends ETag and Last-Modified, and 304 on a matching If-None-Match", async () => {
    const first = await get("/page-data/app-data.json");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(String(first.headers["last-modified"]))).not.toBeNaN();

    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const again = await get("/page-data/app-data.json", { "if-none-match": ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(CACHE_REVALIDATE);
      expect(again.headers.vary).toBe("Accept-Encoding");
      expectSecurityHeaders(again);
    }
    const stale = await get("/page-data/app-data.json", { "if-none-match": '"nope"' });
    expect(stale.status).toBe(200);
  });

  it("honours If-Modified-Since when there is no If-None-Match", async () => {
    const first = await get("/robots.txt");
    const lastModified = String(first.headers["last-modified"]);
    expect((await get("/robots.txt", { "if-modified-since": lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 10_000).toUTCString();
    expect((await get("/robots.txt", { "if-modified-since": before })).status).toBe(200);
  });

  it("keeps the immutable policy on a 304 for a hashed asset", async () => {
    const first = await get("/assets/styles-Cd34efgh.css");
    const again = await get("/assets/styles-Cd34efgh.css", {
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe(CACHE_IMMUTABLE);
  });

  it("picks up a rebuilt file at once, with a new ETag", async () => {
    const before = await get("/slice-data/header.json");
    await fixture.write("slice-data/header.json", JSON.stringify({ componentChunkName: "v2" }));
    // Filesystems with coarse timestamps could keep the mtime; move it explicitly.
    const file = path.join(fixture.root, "slice-data/header.json");
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const after = await get("/slice-data/header.json", {
      "if-none-match": String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString())).toEqual({ componentChunkName: "v2" });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("precompressed variants", () => {
  it("serves .br when brotli is accepted", async () => {
    const response = await get("/blog/hello-world/", { "accept-encoding": "gzip, deflate, br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(brotliDecompressSync(response.body).toString()).toBe(FIXTURE.blogPostBr);
  });

  it("serves .gz when only gzip is accepted, or brotli is refused", async () => {
    for (const acceptEncoding of ["gzip", "br;q=0, gzip", "gzip;q=1, br;q=0.5"]) {
      const response = await get("/blog/hello-world/", { "accept-encoding": acceptEncoding });
      expect(response.headers["content-encoding"], acceptEncoding).toBe("gzip");
      expect(gunzipSync(response.body).toString()).toBe(FIXTURE.blogPostGz);
    }
  });

  it("serves the plain file, still with Vary, when nothing compressed is accepted", async () => {
    const variants: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "*;q=0" },
    ];
    for (const headers of variants) {
      const response = await get("/blog/hello-world/", headers);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.body.toString()).toBe(FIXTURE.blogPost);
    }
  });

  it("falls back to the plain file when the accepted variant does not exist", async () => {
    const response = await get("/assets/client-BxY12abc.js", { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString()).toBe(FIXTURE.clientJs);
    const br = await get("/assets/client-BxY12abc.js", { "accept-encoding": "br" });
    expect(brotliDecompressSync(br.body).toString()).toBe(FIXTURE.clientJsBr);
  });

  it("gives each encoding its own ETag", async () => {
    const br = await get("/blog/hello-world/", { "accept-encoding": "br" });
    const gz = await get("/blog/hello-world/", { "accept-encoding": "gzip" });
    const plain = await get("/blog/hello-world/");
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    const crossed = await get("/blog/hello-world/", {
      "accept-encoding": "gzip",
      "if-none-match": String(br.headers.etag),
    });
    expect(crossed.status).toBe(200);
  });

  it("404s a direct request for a .br or .gz file", async () => {
    for (const target of ["/assets/client-BxY12abc.js.br", "/blog/hello-world/index.html.gz"]) {
      const response = await get(target, { "accept-encoding": "br, gzip" });
      expect(response.status, target).toBe(404);
    }
  });
});

describe("compression on demand (pages the build did not precompress)", () => {
  // Text long enough to be worth compressing, unlike the fixture's short files.
  const page = `<!doctype html><main>${"<p>Harbor Desk keeps every conversation in one inbox.</p>".repeat(40)}</main>`;

  it("compresses a page in the coding the client prefers, and sends the same bytes again", async () => {
    await fixture.write("on-demand/index.html", page);
    const br = await get("/on-demand/", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const again = await get("/on-demand/", { "accept-encoding": "br" });
    expect(again.body.equals(br.body)).toBe(true);
    expect(again.headers.etag).toBe(br.headers.etag);

    const gz = await get("/on-demand/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get("/on-demand/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it("compresses the new bytes after a rebuild rewrites the page", async () => {
    await fixture.write("on-demand-rebuilt/index.html", page);
    await get("/on-demand-rebuilt/", { "accept-encoding": "br" });
    const rebuilt = page.replace("one inbox", "a single inbox");
    await fixture.write("on-demand-rebuilt/index.html", rebuilt);
    const file = path.join(fixture.root, "on-demand-rebuilt/index.html");
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const response = await get("/on-demand-rebuilt/", { "accept-encoding": "br" });
    expect(brotliDecompressSync(response.body).toString()).toBe(rebuilt);
  });

  it("answers HEAD and a conditional request for the compressed page", async () => {
    await fixture.write("on-demand-head/index.html", page);
    const full = await get("/on-demand-head/", { "accept-encoding": "br" });
    const headOnly = await head("/on-demand-head/", { "accept-encoding": "br" });
    expect(headOnly.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(headOnly.body.length).toBe(0);
    const revalidated = await get("/on-demand-head/", {
      "accept-encoding": "br",
      "if-none-match": String(full.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  });

  it("sends small files and binary files as they are", async () => {
    await fixture.write("on-demand-small.json", JSON.stringify({ ok: true }));
    const small = await get("/on-demand-small.json", { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    await fixture.write("assets/on-demand.png", Buffer.alloc(4096, 1));
    const image = await get("/assets/on-demand.png", { "accept-encoding": "br, gzip" });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it("compresses a file too large to keep as it streams", async () => {
    const large = `{"items":[${Array.from({ length: 20_000 }, (_, i) => `{"id":${i},"title":"Shared inbox ${i}"}`).join(",")}]}`;
    expect(large.length).toBeGreaterThan(256 * 1024);
    await fixture.write("on-demand-large.json", large);
    const br = await get("/on-demand-large.json", { "accept-encoding": "br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(large);
    const gz = await get("/on-demand-large.json", { "accept-encoding": "gzip" });
    expect(gunzipSync(gz.body).toString()).toBe(large);
  });
});

describe("Cache-Control", () => {
  it("marks content-hashed assets immutable", async () => {
    for (const target of ["/assets/client-BxY12abc.js", "/assets/styles-Cd34efgh.css"]) {
      expect((await get(target)).headers["cache-control"]).toBe(CACHE_IMMUTABLE);
    }
  });

  it.each([
    "/",
    "/blog/hello-world/",
    "/page-data/index/page-data.json",
    "/page-data/app-data.json",
    "/page-data/sq/d/123.json",
    "/slice-data/header.json",
    "/sw.js",
    "/attribution.js",
    "/manifest.webmanifest",
    "/interview-builder/some/route",
  ])("makes %s revalidate", async (target) => {
    const response = await get(target);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe(CACHE_REVALIDATE);
  });
});

describe("match paths", () => {
  it("answers a path under a matchPath with that page's HTML and 200", async () => {
    for (const target of ["/interview-builder/new", "/interview-builder/library/x/y/?q=1"]) {
      const response = await get(target);
      expect(response.status, target).toBe(200);
      expect(response.body.toString()).toBe(FIXTURE.interviewBuilder);
    }
  });

  it("prefers a real file under the pattern", async () => {
    await fixture.write("interview-builder/real.txt", "real file");
    expect((await get("/interview-builder/real.txt")).body.toString()).toBe("real file");
  });

  it("does not widen the pattern", async () => {
    expect((await get("/interview-builderx/a")).status).toBe(404);
  });

  it("picks up a rewritten match-paths.json", async () => {
    await fixture.write("tools/index.html", "<title>tools</title>");
    await fixture.write(
      "match-paths.json",
      JSON.stringify([
        { path: "/interview-builder/", matchPath: "/interview-builder/*" },
        { path: "/tools/", matchPath: "/tools/:id" },
      ]),
    );
    const file = path.join(fixture.root, "match-paths.json");
    const later = new Date(Date.now() + 10_000);
    await utimes(file, later, later);
    expect((await get("/tools/42")).body.toString()).toBe("<title>tools</title>");
    expect((await get("/tools/42/more")).status).toBe(404);
  });
});

describe("API mount", () => {
  it("answers GET /api/health", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ ok: true });
    expect(response.headers["cache-control"]).toBe(CACHE_NO_STORE);
    expectSecurityHeaders(response);
  });

  it("answers unknown /api paths with a JSON 404, whatever the method", async () => {
    for (const [method, target] of [
      ["GET", "/api/nope"],
      ["POST", "/api/hubspot/unknown"],
      ["GET", "/api"],
      ["DELETE", "/api/health/x"],
    ] as const) {
      const response = await rawRequest(server.port, target, { method });
      expect(response.status, `${method} ${target}`).toBe(404);
      expect(JSON.parse(response.body.toString())).toEqual(API_NOT_FOUND_BODY);
    }
  });

  it("routes other methods to API handlers", async () => {
    const response = await fetch(`${server.url}/api/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await response.json()).toEqual({ a: 1 });
  });

  it("answers an API error with JSON 500, not the HTML page", async () => {
    const response = await get("/api/boom");
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body.toString())).toEqual(API_ERROR_BODY);
    expectSecurityHeaders(response);
  });

  it("does not let /apifoo reach the API", async () => {
    const response = await get("/apifoo");
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe(FIXTURE.notFound);
  });
});

describe("server errors", () => {
  it("answers a failure with 500.html and status 500", async () => {
    // A malformed match-paths.json makes every unmatched path throw.
    await fixture.write("match-paths.json", "{ broken");
    try {
      const response = await get("/not-a-file/");
      expect(response.status).toBe(500);
      expect(response.body.toString()).toBe(FIXTURE.serverError);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe(CACHE_NO_STORE);
      expectSecurityHeaders(response);
      // Existing files do not depend on it.
      expect((await get("/")).status).toBe(200);

      await rm(path.join(fixture.root, "500.html"));
      const plain = await get("/not-a-file/");
      expect(plain.status).toBe(500);
      expect(plain.body.toString()).toBe("Internal server error");
    } finally {
      await fixture.write("500.html", FIXTURE.serverError);
      await fixture.write(
        "match-paths.json",
        JSON.stringify([{ path: "/interview-builder/", matchPath: "/interview-builder/*" }]),
      );
    }
  });

  it("falls back to a plain 404 when the build has no 404.html", async () => {
    await rm(path.join(fixture.root, "404.html"));
    try {
      const response = await get("/missing/");
      expect(response.status).toBe(404);
      expect(response.body.toString()).toBe("Not found");
    } finally {
      await fixture.write("404.html", FIXTURE.notFound);
    }
  });
});

describe("streaming from disk", () => {
  const openFds = () => readdirSync("/proc/self/fd").length;

  it("streams a large file intact", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, "abcdefghij");
    await fixture.write("assets/big-0123.bin", big);
    const response = await get("/assets/big-0123.bin");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    expect(Buffer.compare(response.body, big)).toBe(0);
  });

  it.runIf(process.platform === "linux")(
    "leaves no file open after GET, HEAD, 304 and 404 answers",
    async () => {
      // A leaked FileHandle is soon closed by the garbage collector, which hides it from an fd
      // count but makes Node warn; both are checked.
      const gcClosed: string[] = [];
      const onWarning = (warning: Error) => {
        if (/on garbage collection/.test(warning.message)) gcClosed.push(warning.message);
      };
      process.on("warning", onWarning);
      try {
        const { etag } = (await get("/")).headers;
        const before = openFds();
        for (let i = 0; i < 100; i++) {
          await Promise.all([
            get("/blog/hello-world/", { "accept-encoding": "br" }),
            head("/assets/client-BxY12abc.js"),
            get("/", { "if-none-match": String(etag) }),
            get("/nope/"),
          ]);
        }
        await expect.poll(openFds, { timeout: 1_000 }).toBeLessThanOrEqual(before);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(gcClosed).toEqual([]);
      } finally {
        process.off("warning", onWarning);
      }
    },
  );

  it.runIf(process.platform === "linux")(
    "closes the file when the client disconnects mid-body",
    async () => {
      await fixture.write("assets/big-4567.bin", Buffer.alloc(20 * 1024 * 1024, 1));
      const before = openFds();
      await new Promise<void>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: server.port, path: "/assets/big-4567.bin" });
        req.on("response", (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        });
        req.on("error", (error) => {
          if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
        });
        req.end();
      });
      await expect.poll(openFds, { timeout: 5_000 }).toBeLessThanOrEqual(before);
    },
  );
});

describe("createApp as a plain fetch handler", () => {
  it("works without a server (serverless use)", async () => {
    const app = createApp({ root: fixture.root, api: new Hono() });
    const response = await app.fetch(new Request("http://site.example/robots.txt"));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("User-agent: *\nAllow: /\n");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const api = await app.fetch(new Request("http://site.example/api/health"));
    expect(api.status).toBe(404);
  });
});
