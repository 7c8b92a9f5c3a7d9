/**
 * A tiny build-output folder for the server's tests, laid out like the real build writes it.
 * Precompressed siblings hold *different* text from the plain file so a test can tell which
 * one was served after the client decoded it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { MATCH_PATHS_FILE, NOT_FOUND_FILE, SERVER_ERROR_FILE } from "../constants.ts";

export const FIXTURE = {
  home: "<!doctype html><title>Home</title>",
  blogPost: "<!doctype html><title>Hello world</title>",
  blogPostBr: "<!doctype html><title>Hello world (br)</title>",
  blogPostGz: "<!doctype html><title>Hello world (gz)</title>",
  notFound: "<!doctype html><title>Page not found</title>",
  serverError: "<!doctype html><title>Something broke</title>",
  interviewBuilder: "<!doctype html><title>Interview builder</title>",
  clientJs: 'console.log("client");',
  clientJsBr: 'console.log("client br");',
  pageData: { componentChunkName: "home", path: "/", compilationHash: "abc123" },
  appData: { compilationHash: "abc123" },
  secret: "TOP SECRET outside the root",
  dotEnv: "SECRET=dotfile",
} as const;

export interface FixtureRoot {
  /** The build output folder. */
  root: string;
  /** Its parent, which also holds `secret.txt` just outside the root. */
  base: string;
  write(relative: string, content: string | Uint8Array): Promise<void>;
  remove(): Promise<void>;
}

export async function createFixtureRoot(): Promise<FixtureRoot> {
  const base = await mkdtemp(path.join(tmpdir(), "hd-server-"));
  const root = path.join(base, "public");
  const write = async (relative: string, content: string | Uint8Array) => {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  };

  await writeFile(path.join(base, "secret.txt"), FIXTURE.secret);
  await write("index.html", FIXTURE.home);
  await write(NOT_FOUND_FILE, FIXTURE.notFound);
  await write(SERVER_ERROR_FILE, FIXTURE.serverError);
  await write("blog/hello-world/index.html", FIXTURE.blogPost);
  await write("blog/hello-world/index.html.br", brotliCompressSync(FIXTURE.blogPostBr));
  await write("blog/hello-world/index.html.gz", gzipSync(FIXTURE.blogPostGz));
  await write("interview-builder/index.html", FIXTURE.interviewBuilder);
  await write(
    MATCH_PATHS_FILE,
    JSON.stringify([{ path: "/interview-builder/", matchPath: "/interview-builder/*" }]),
  );
  await write("page-data/index/page-data.json", JSON.stringify(FIXTURE.pageData));
  await write("page-data/app-data.json", JSON.stringify(FIXTURE.appData));
  await write("page-data/sq/d/123.json", JSON.stringify({ data: { site: "settings" } }));
  await write("slice-data/header.json", JSON.stringify({ componentChunkName: "header" }));
  await write("assets/client-BxY12abc.js", FIXTURE.clientJs);
  await write("assets/client-BxY12abc.js.br", brotliCompressSync(FIXTURE.clientJsBr));
  await write("assets/styles-Cd34efgh.css", "body{margin:0}");
  await write("assets/inter-Ab12cd.woff2", new Uint8Array([0x77, 0x4f, 0x46, 0x32]));
  await write("sitemap.xml", '<?xml version="1.0"?><urlset/>');
  await write("robots.txt", "User-agent: *\nAllow: /\n");
  await write("manifest.webmanifest", JSON.stringify({ short_name: "Harbor Desk" }));
  await write("sw.js", "self.addEventListener('fetch', () => {});");
  await write("attribution.js", "/* attribution */");
  await write("icon.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await write("icon-192.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await write(".env", FIXTURE.dotEnv);

  return { root, base, write, remove: () => rm(base, { recursive: true, force: true }) };
}
