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

interface CacheFile {
  code: string;
  posts: Record<string, LoadedPost>;
  /** A page's validated front matter, by the same kind of key. */
  pages?: Record<string, unknown>;
  /** Each post file's stamp (file-memory.ts) and key when the build that saved this read it. */
  files?: Record<string, [stamp: string, key: string]>;
  /** The digest of the context those files were read with. */
  filesContext?: string;
  /** When that build started reading the posts (ms since the epoch). */
  readAt?: number;
}

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

function readCacheFile(file: string, code: string, memory?: FileMemory): Omit<CacheFile, "code"> {
  try {
    const saved = (
      memory
        ? memory.parsed(file, (text) => JSON.parse(text))
        : JSON.parse(readFileSync(file, "utf8"))
    ) as CacheFile | null;
    if (!saved) return { posts: {} };
    if (saved.code !== code || !saved.posts || typeof saved.posts !== "object")
      return { posts: {} };
    return {
      posts: saved.posts,
      pages: saved.pages ?? {},
      files: saved.files ?? {},
      ...(saved.filesContext ? { filesContext: saved.filesContext } : {}),
      ...(typeof saved.readAt === "number" ? { readAt: saved.readAt } : {}),
    };
  } catch {
    // None yet, or unreadable (a build killed while writing cannot leave one: see save).
    return { posts: {} };
  }
}

/**
 * The cache in `file` for builds by the code with fingerprint `code`; with `memory`, what this
 * process saved last is not read and parsed again (file-memory.ts).
 */
export function openPostCache(file: string, code: string, memory?: FileMemory): PostCache {
  const saved = readCacheFile(file, code, memory);
  const used: Required<Omit<CacheFile, "code" | "readAt" | "filesContext">> = {
    posts: {},
    pages: {},
    files: {},
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
      const known = used.posts[key] ?? saved.posts[key];
      if (known) {
        counts.found += 1;
        used.posts[key] = known;
        return { post: known, digest: key };
      }
      const loaded = load();
      counts.made += 1;
      used.posts[key] = loaded;
      return { post: loaded, digest: key };
    },
    known(name, stamp, context) {
      const entry = saved.files?.[name];
      if (!entry || entry[0] !== stamp.stamp || !settledBy(stamp, saved.readAt ?? 0)) return null;
      if (saved.filesContext !== contextDigestOf(context)) return null;
      const key = entry[1];
      const post = used.posts[key] ?? saved.posts[key];
      if (!post) return null;
      counts.found += 1;
      counts.unread += 1;
      used.posts[key] = post;
      used.files[name] = entry;
      return { post, digest: key };
    },
    read(name, stamp, digest) {
      used.files[name] = [stamp.stamp, digest];
    },
    digestOf: keyOf,
    page<T>(text: string, context: string, load: () => T): T {
      const key = keyOf(text, context);
      const known = (used.pages[key] ?? saved.pages?.[key]) as T | undefined;
      const page = known ?? load();
      used.pages[key] = page;
      return page;
    },
    async save() {
      const kept: CacheFile = {
        code,
        ...used,
        ...(lastContext !== null ? { filesContext: contextDigest } : {}),
        readAt,
      };
      await writeFileWhole(file, JSON.stringify(kept));
      memory?.wrote(file, kept);
    },
  };
}
