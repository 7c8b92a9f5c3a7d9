/**
 * What loading a post makes of its file, kept between incremental builds: the validated front
 * matter, the reading time, the internal links of its body and its table of contents. A
 * rebuild after editing one post of 10,000 otherwise parsed and validated every file's front
 * matter again and counted every body's words, 0.5 s of a cold process before any page could
 * render; with the cache it hashes each file's text and parses the one that changed.
 *
 * Pages' front matter is kept the same way (`page`): parsing each page's YAML and validating
 * its sections took 0.13 s for the site's 131 pages, most of it the first use of each schema,
 * which a rebuild in a new process pays again.
 *
 * An entry is found by a hash of the file's text and of what else the result depends on (the
 * site settings, whose link placeholders the counted body and a page's sections have
 * resolved); the file as a whole belongs to one fingerprint of the code, so a changed schema
 * or word count never meets an entry made by another. The links and the table of contents are
 * kept so that a rebuild needs the body of no post it does not render: the link check took
 * every post's links from its body, and a long post's route lexed its whole body for its
 * headings, on every rebuild. Saving keeps only the entries this build used: a deleted post's
 * entry goes with it. What is kept must survive JSON as it is: the schemas give plain data
 * (content.test.ts checks every file of the site).
 */
import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PostFrontMatter } from "../content/index.ts";
import { writeFileWhole } from "../lib/node.ts";
import { type FileMemory, type FileStamp, settledBy } from "./file-memory.ts";
import type { TocEntry } from "./headings.ts";

export interface LoadedPost {
  frontMatter: PostFrontMatter;
  /** Whole minutes to read the body, its link placeholders resolved. */
  readingMinutes: number;
  /** The site-internal links the resolved body writes (markdown-links.ts), for the link check. */
  links: string[];
  /** The table of contents the post shows (`postToc`): [] when it is too short for one. */
  toc: TocEntry[];
}

/** What the cache file says above its entries. */
interface CacheHeader {
  format: typeof FORMAT;
  code: string;
  /** The digest of the context the files below were read with. */
  filesContext?: string;
  /** When the build that saved this started reading the posts (ms since the epoch). */
  readAt?: number;
}

/** One entry of the file: what it says, and its line, which a later save writes again as it is. */
interface Line<T> {
  value: T;
  text: string;
}

/** The cache file as read, or as saved (what a FileMemory keeps of it). */
interface CacheFile {
  header: CacheHeader;
  posts: Map<string, Line<LoadedPost>>;
  /** A page's validated front matter, by the same kind of key. */
  pages: Map<string, Line<unknown>>;
  /** Each post file's stamp (file-memory.ts) and key when the build that saved this read it. */
  files: Map<string, Line<FileRecord>>;
}
type FileRecord = [stamp: string, key: string];

/**
 * The file is JSON lines: the header, then one line an entry (`["post", key, entry]`,
 * `["page", key, frontMatter]`, `["file", name, stamp, key]`). A rebuild after one edit keeps
 * all but a few of 20,000 lines, and writes those it kept as the text it read: saving the
 * whole 5 MB file as one JSON value took 83-120 ms of a 10,000-post rebuild's own thread.
 */
const FORMAT = "post-cache-lines/1";

export interface PostCache {
  /**
   * The post made of `text` by a build with the same code and `context`: from the cache when
   * an earlier build made it, else `load`'s (which throws for an invalid post: nothing is kept).
   */
  through(
    text: string,
    context: string,
    load: () => LoadedPost,
  ): {
    post: LoadedPost;
    /**
     * A digest of the text and the context: of everything the post's entry and its resolved
     * body are made from, so the routes' keys take it instead of hashing the body again.
     */
    digest: string;
  };
  /** The same for a page's front matter (not counted). */
  page<T>(text: string, context: string, load: () => T): T;
  /**
   * The post of the file `name` without reading it, when the build that saved the cache read
   * it with this stamp and the same context, and it had settled by then (unchanged for RACY_MS
   * before that build started reading); null otherwise. Found posts are counted, and kept.
   */
  known(
    name: string,
    stamp: FileStamp,
    context: string,
  ): { post: LoadedPost; digest: string } | null;
  /** The file `name`, read with this stamp, made the post of `digest` (kept for `known`). */
  read(name: string, stamp: FileStamp, digest: string): void;
  /** The digest `through` gives a text: to check a text read later is the one it named. */
  digestOf(text: string, context: string): string;
  /** Writes the entries this build used, replacing the file. */
  save(): Promise<void>;
  /**
   * Entries found and entries made by this build; of the found, how many without reading
   * their files (`known`).
   */
  readonly counts: { found: number; made: number; unread: number };
}

/** The file's text as entries; throws when it is not a whole cache file of this format. */
function parseCacheFile(text: string): CacheFile {
  const lines = text.split("\n");
  const header = JSON.parse(lines[0] ?? "") as CacheHeader;
  if (header?.format !== FORMAT || typeof header.code !== "string") {
    throw new Error("not a post cache of this format");
  }
  const parsed = cacheFileOf(header);
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line === "") continue;
    const [kind, name, value, key] = JSON.parse(line) as [string, string, unknown, unknown];
    if (kind === "post") parsed.posts.set(name, { value: value as LoadedPost, text: line });
    else if (kind === "page") parsed.pages.set(name, { value, text: line });
    else if (kind === "file" && typeof value === "string" && typeof key === "string") {
      parsed.files.set(name, { value: [value, key], text: line });
    } else throw new Error(`unknown line ${index + 1}`);
  }
  return parsed;
}

/** A cache file with this header and no entries yet. */
const cacheFileOf = (header: CacheHeader): CacheFile => ({
  header,
  posts: new Map(),
  pages: new Map(),
  files: new Map(),
});

function readCacheFile(file: string, code: string, memory?: FileMemory): CacheFile {
  try {
    const saved = memory
      ? memory.parsed(file, parseCacheFile)
      : parseCacheFile(readFileSync(file, "utf8"));
    return saved && saved.header.code === code ? saved : cacheFileOf({ format: FORMAT, code });
  } catch {
    // None yet, unreadable, or of an earlier format (a build killed while writing cannot leave
    // half a file: see save).
    return cacheFileOf({ format: FORMAT, code });
  }
}

/**
 * The lines of the entries `used`: each as `saved` read it when its value is the one read,
 * else written anew as `line` makes it.
 */
function linesOf<T>(
  used: ReadonlyMap<string, T>,
  saved: ReadonlyMap<string, Line<T>>,
  line: (key: string, value: T) => unknown[],
): Map<string, Line<T>> {
  const lines = new Map<string, Line<T>>();
  for (const [key, value] of used) {
    const read = saved.get(key);
    lines.set(
      key,
      read?.value === value ? read : { value, text: JSON.stringify(line(key, value)) },
    );
  }
  return lines;
}

/**
 * The cache in `file` for builds by the code with fingerprint `code`; with `memory`, what this
 * process saved last is not read and parsed again (file-memory.ts).
 */
export function openPostCache(file: string, code: string, memory?: FileMemory): PostCache {
  const saved = readCacheFile(file, code, memory);
  const used = {
    posts: new Map<string, LoadedPost>(),
    pages: new Map<string, unknown>(),
    files: new Map<string, FileRecord>(),
  };
  const counts = { found: 0, made: 0, unread: 0 };
  // This build starts reading now: a file changed after this may have been read in the same
  // tick of the file clock as its change, and is not trusted by its stamp next time.
  const readAt = Date.now();
  // Every file of a build has the same context (the settings, 1.2 KB of JSON): hashed once,
  // not again beside each file's text.
  let lastContext: string | null = null;
  let contextDigest = "";
  const contextDigestOf = (context: string) => {
    if (context !== lastContext) {
      lastContext = context;
      contextDigest = hash("sha1", context, "base64url");
    }
    return contextDigest;
  };
  const keyOf = (text: string, context: string) =>
    hash("sha1", `${contextDigestOf(context)}\u0000${text}`, "base64url");
  return {
    counts,
    through(text, context, load) {
      const key = keyOf(text, context);
      const known = used.posts.get(key) ?? saved.posts.get(key)?.value;
      if (known) {
        counts.found += 1;
        used.posts.set(key, known);
        return { post: known, digest: key };
      }
      const loaded = load();
      counts.made += 1;
      used.posts.set(key, loaded);
      return { post: loaded, digest: key };
    },
    known(name, stamp, context) {
      const entry = saved.files.get(name)?.value;
      if (!entry || entry[0] !== stamp.stamp || !settledBy(stamp, saved.header.readAt ?? 0)) {
        return null;
      }
      if (saved.header.filesContext !== contextDigestOf(context)) return null;
      const key = entry[1];
      const post = used.posts.get(key) ?? saved.posts.get(key)?.value;
      if (!post) return null;
      counts.found += 1;
      counts.unread += 1;
      used.posts.set(key, post);
      used.files.set(name, entry);
      return { post, digest: key };
    },
    read(name, stamp, digest) {
      used.files.set(name, [stamp.stamp, digest]);
    },
    digestOf: keyOf,
    page<T>(text: string, context: string, load: () => T): T {
      const key = keyOf(text, context);
      const known = (used.pages.get(key) ?? saved.pages.get(key)?.value) as T | undefined;
      const page = known ?? load();
      used.pages.set(key, page);
      return page;
    },
    async save() {
      const kept: CacheFile = {
        header: {
          format: FORMAT,
          code,
          ...(lastContext !== null ? { filesContext: contextDigest } : {}),
          readAt,
        },
        posts: linesOf(used.posts, saved.posts, (key, post) => ["post", key, post]),
        pages: linesOf(used.pages, saved.pages, (key, page) => ["page", key, page]),
        files: linesOf(used.files, saved.files, (name, record) => ["file", name, ...record]),
      };
      const lines = [JSON.stringify(kept.header)];
      for (const entries of [kept.posts, kept.pages, kept.files]) {
        for (const { text } of entries.values()) lines.push(text);
      }
      await writeFileWhole(file, lines.join("\n"));
      memory?.wrote(file, kept);
    },
  };
}
