import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import {
  type Author,
  authorsSchema,
  type Footer,
  footerSchema,
  type Navigation,
  navigationSchema,
  type PageFrontMatter,
  type PostFrontMatter,
  pageFrontMatterSchema,
  postFrontMatterSchema,
  type SiteSettings,
  type Subprocessor,
  siteSettingsSchema,
  subprocessorsSchema,
} from "../content/index.ts";
import type { FormDefinition } from "../forms/index.ts";
import { FormDefinitionError, readFormDefinitions } from "../forms/node.ts";
import { readingTimeMinutes } from "../lib/index.ts";
import { compactStringsInPlace } from "../lib/node.ts";
import {
  competenciesFileSchema,
  type InterviewLibrary,
  questionsFileSchema,
  rolesFileSchema,
} from "../tools/interview/index.ts";
import { assertKnownAuthor, type Collections, listKnown, loadCollections } from "./collections.ts";
import { ContentError, parseContent } from "./content-error.ts";
import { type FileMemory, fileStamp } from "./file-memory.ts";
import { cutFrontMatter, FrontMatterError, splitFrontMatter } from "./front-matter.ts";
import type { TocEntry } from "./headings.ts";
import { resolveLinkPlaceholders } from "./link-placeholders.ts";
import { postToc } from "./markdown.ts";
import { markdownFiles } from "./markdown-files.ts";
import { linksInMarkdown } from "./markdown-links.ts";
import type { LoadedPost, PostCache } from "./post-cache.ts";

export interface PageEntry {
  file: string;
  path: string;
  frontMatter: PageFrontMatter;
  /** Markdown with link placeholders already resolved. */
  body: string;
}

export interface PostEntry {
  file: string;
  slug: string;
  frontMatter: PostFrontMatter;
  /** Markdown with link placeholders already resolved. */
  body: string;
  /** Whole minutes to read the body (lists show it). */
  readingMinutes: number;
  /**
   * The site-internal links the body writes (markdown-links.ts) and its table of contents
   * (`postToc`), when the post cache keeps them: a rebuild then needs the body of no post it
   * does not render. Without them (a full build), the link check and the routes read the body,
   * and making them as the post loads would only move that work.
   */
  links?: readonly string[];
  toc?: TocEntry[];
  /**
   * A digest of the file's text and the settings, when the post cache read it (PostCache): of
   * everything the body is made from. The routes' keys take it instead of the body.
   */
  digest?: string;
}

export interface SiteContent extends Collections {
  settings: SiteSettings;
  /** null when content/navigation.json does not exist: the header then renders nothing. */
  navigation: Navigation | null;
  /** null when content/footer.json does not exist: the footer then renders nothing. */
  footer: Footer | null;
  authors: Author[];
  /** Lead-form definitions from content/forms/{id}.json, by id. */
  forms: ReadonlyMap<string, FormDefinition>;
  pages: PageEntry[];
  /** Newest first. */
  posts: PostEntry[];
  /** content/interview/: the interview library; null when the folder does not exist. */
  interview: InterviewLibrary | null;
  /** content/subprocessors.json; [] when the file does not exist. */
  subprocessors: Subprocessor[];
  // Blog categories, books, integrations, jobs, resources, redirects: see Collections
  // (src/build/collections.ts).
}

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The texts of many files, in the order given (null: no such file). Read synchronously: content
 * is many small files the system has cached, and a synchronous read is one system call a step
 * where fs.promises.readFile makes several round trips through the thread pool. 10,000 posts:
 * 75 ms, against 640-800 ms read 64 at a time with promises (and 3.4 s one await at a time).
 */
function readTexts(files: readonly (string | null)[], memory?: FileMemory): (string | null)[] {
  return files.map((file) => {
    if (file === null) return null;
    try {
      return memory ? memory.text(file) : readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  });
}

export async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function readJson(file: string, label: string): Promise<unknown> {
  const text = await readText(file);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ContentError(label, [`not valid JSON: ${(error as Error).message}`]);
  }
}

/** A JSON content file checked against its schema; null when the file does not exist. */
export async function readOptionalContent<T>(
  file: string,
  schema: import("zod").ZodType<T>,
  fileLabel: string,
): Promise<T | null> {
  const json = await readJson(file, fileLabel);
  return json === undefined ? null : parseContent(schema, json, fileLabel);
}

/** Resolves {{demo}}-style link placeholders now, so a typo fails the build naming the file. */
export function resolveBody(body: string, settings: SiteSettings, label: string): string {
  try {
    return resolveLinkPlaceholders(body, settings);
  } catch (error) {
    throw new ContentError(label, [`body: ${(error as Error).message}`]);
  }
}

/** Resolves link placeholders in every string of a page's `sections` before validation. */
function resolveSectionPlaceholders(data: unknown, settings: SiteSettings, label: string): unknown {
  if (!data || typeof data !== "object" || !("sections" in data)) return data;
  const resolve = (value: unknown, path: string): unknown => {
    if (typeof value === "string") {
      try {
        return resolveLinkPlaceholders(value, settings);
      } catch (error) {
        throw new ContentError(label, [`field "${path}": ${(error as Error).message}`]);
      }
    }
    if (Array.isArray(value)) return value.map((item, index) => resolve(item, `${path}[${index}]`));
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, resolve(item, `${path}.${key}`)]),
      );
    }
    return value;
  };
  return { ...data, sections: resolve((data as { sections: unknown }).sections, "sections") };
}

export function parseFrontMatter(text: string, label: string): { data: unknown; body: string } {
  try {
    const { data, body } = splitFrontMatter(text);
    return { data: normaliseYamlDates(data), body };
  } catch (error) {
    throw frontMatterProblem(error, label);
  }
}

/** A file's body, its front matter cut off unparsed (parseFrontMatter's errors). */
function bodyOf(text: string, label: string): string {
  try {
    return cutFrontMatter(text).body;
  } catch (error) {
    throw frontMatterProblem(error, label);
  }
}

function frontMatterProblem(error: unknown, label: string): ContentError {
  const problem =
    error instanceof FrontMatterError
      ? `front matter: ${error.message}`
      : `front matter is not valid YAML: ${(error as Error).message}`;
  return new ContentError(label, [problem]);
}

/** YAML turns an unquoted 2026-09-14 into a Date; the schemas expect the date string. */
function normaliseYamlDates(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    out[key] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
  return out;
}

/** content/pages/pricing/contact-based.md → /pricing/contact-based/; index.md → its folder. */
export function pathFromPageFile(relativeFile: string): string {
  const withoutExt = relativeFile.split(sep).join("/").replace(/\.md$/, "");
  const trimmed = withoutExt === "index" ? "" : withoutExt.replace(/\/index$/, "");
  return trimmed === "" ? "/" : `/${trimmed}/`;
}

/** The fewest posts for which a render worker loads half of them (loadContent's `loadPosts`). */
export const POSTS_TO_SHARE = 400;

/** What loading a post needs besides its file: the settings (link placeholders), the authors. */
export interface PostContext {
  settings: SiteSettings;
  authorIds: ReadonlySet<string>;
}

/**
 * A post file's text made into its entry, as loadContent makes it; throws a ContentError
 * naming the file. Problems are found in the order a reader meets them: the file name, front
 * matter, author, body.
 */
export function loadPost(
  name: string,
  text: string,
  fileLabel: string,
  { settings, authorIds }: PostContext,
  cached?: { postCache: PostCache; postContext: string },
): PostEntry {
  const slug = name.replace(/\.md$/, "");
  if (!SLUG.test(slug)) {
    throw new ContentError(fileLabel, [
      `file name: "${slug}" is not a slug (lowercase letters, digits and single hyphens)`,
    ]);
  }
  const cut = bodyOf(text, fileLabel);
  let body: string | undefined;
  const resolvedBody = () => {
    body ??= resolveBody(cut, settings, fileLabel);
    return body;
  };
  const checkAuthor = (frontMatter: PostFrontMatter) =>
    assertKnownAuthor(frontMatter, authorIds, fileLabel);
  const frontMatterOf = (): PostFrontMatter => {
    const { data } = parseFrontMatter(text, fileLabel);
    const frontMatter = parseContent(postFrontMatterSchema, data, fileLabel);
    checkAuthor(frontMatter);
    return frontMatter;
  };
  if (!cached) {
    return {
      file: fileLabel,
      slug,
      frontMatter: frontMatterOf(),
      body: resolvedBody(),
      readingMinutes: readingTimeMinutes(resolvedBody()),
    };
  }
  const { post, digest } = cached.postCache.through(text, cached.postContext, () => {
    // The front matter first, as without the cache: its errors are reported before the body's.
    const frontMatter = frontMatterOf();
    const readingMinutes = readingTimeMinutes(resolvedBody());
    return {
      frontMatter,
      readingMinutes,
      links: linksInMarkdown(resolvedBody()),
      toc: postToc(readingMinutes, resolvedBody()),
    };
  });
  const { frontMatter, readingMinutes, links, toc } = post;
  // Authors may have changed since the cached entry was made.
  checkAuthor(frontMatter);
  return {
    file: fileLabel,
    slug,
    frontMatter,
    body: resolvedBody(),
    readingMinutes,
    links,
    toc,
    digest,
  };
}

/**
 * A post the post cache knew by its file's stamp (PostCache.known), its file not read: its
 * body is read when first asked for, which a rebuild does for the few pages it renders, and
 * checked against the digest its entry was made from. A file changed or deleted since the
 * content loaded fails the build naming it (a watching build builds again for that change).
 */
function unreadPost(
  name: string,
  file: string,
  fileLabel: string,
  known: { post: LoadedPost; digest: string },
  { settings, authorIds }: PostContext,
  cache: { postCache: PostCache; postContext: string; memory?: FileMemory },
): PostEntry {
  const { frontMatter, readingMinutes, links, toc } = known.post;
  // Authors may have changed since the cached entry was made.
  assertKnownAuthor(frontMatter, authorIds, fileLabel);
  let body: string | undefined;
  const readBody = (): string => {
    const text = cache.memory ? cache.memory.text(file) : readTexts([file])[0];
    if (text === null || text === undefined) {
      throw new ContentError(fileLabel, ["was deleted while the site was building"]);
    }
    if (cache.postCache.digestOf(text, cache.postContext) !== known.digest) {
      throw new ContentError(fileLabel, ["changed while the site was building: build again"]);
    }
    return compactStringsInPlace([
      resolveBody(bodyOf(text, fileLabel), settings, fileLabel),
    ])[0] as string;
  };
  // An own, enumerable getter, so that a copy (a worker's structured clone, a spread) reads and
  // carries the body.
  return {
    file: fileLabel,
    slug: name.replace(/\.md$/, ""),
    frontMatter: compactStringsInPlace(frontMatter),
    readingMinutes,
    links: compactStringsInPlace(links),
    toc: compactStringsInPlace(toc),
    digest: known.digest,
    get body() {
      body ??= readBody();
      return body;
    },
  };
}

/** Posts for another thread to load: plain data, so a worker can receive it. */
export interface PostsRequest {
  dir: string;
  names: string[];
  /** Each file as errors name it. */
  labels: string[];
  settings: SiteSettings;
  authorIds: string[];
}

/** The posts loaded, or the first invalid one's problems, or what else went wrong. */
export type PostsAnswer =
  | { posts: PostEntry[] }
  | { failed: { file: string; problems: readonly string[] } }
  | { error: string };

/** Reads and loads the posts of a request in order, stopping at the first invalid one. */
export function loadPostsOf(request: PostsRequest): PostsAnswer {
  const context: PostContext = {
    settings: request.settings,
    authorIds: new Set(request.authorIds),
  };
  const texts = readTexts(request.names.map((name) => join(request.dir, name)));
  const posts: PostEntry[] = [];
  try {
    request.names.forEach((name, index) => {
      posts.push(loadPost(name, texts[index] ?? "", request.labels[index] ?? name, context));
    });
  } catch (error) {
    if (error instanceof ContentError) {
      return { failed: { file: error.file, problems: error.problems } };
    }
    return { error: (error as Error).stack ?? String(error) };
  }
  return { posts };
}

/**
 * Loads and validates every content file. Throws a ContentError naming the file and field
 * at the first invalid file, so a broken edit fails the build instead of shipping.
 */
export async function loadContent(
  contentDir: string,
  {
    onPost,
    postCache,
    loadPosts,
    memory,
  }: {
    /**
     * Hears each post as soon as it has passed, before the rest of the content is read: the
     * build hands the bodies to its render workers while it loads (render-pool.ts).
     */
    onPost?: (post: PostEntry) => void;
    /** Posts as an earlier build made them, by their text (post-cache.ts; incremental builds). */
    postCache?: PostCache;
    /**
     * Loads posts in another thread (a render worker: RenderPool.loadPosts), or answers null
     * when none is ready. Used for half the posts of a large site when there is no post cache.
     */
    loadPosts?: (request: PostsRequest) => Promise<PostsAnswer> | null;
    /** The texts of pages and posts, kept between builds of one process (file-memory.ts). */
    memory?: FileMemory;
  } = {},
): Promise<SiteContent> {
  const label = (file: string) => relative(process.cwd(), file) || file;

  const settingsFile = join(contentDir, "settings.json");
  const settingsJson = await readJson(settingsFile, label(settingsFile));
  if (settingsJson === undefined) throw new ContentError(label(settingsFile), ["file is missing"]);
  const settings = parseContent(siteSettingsSchema, settingsJson, label(settingsFile));

  const optional = <T>(name: string, schema: import("zod").ZodType<T>): Promise<T | null> => {
    const file = join(contentDir, name);
    return readOptionalContent(file, schema, label(file));
  };
  const navigation = await optional("navigation.json", navigationSchema);
  const footer = await optional("footer.json", footerSchema);
  const authors = (await optional("authors.json", authorsSchema)) ?? [];
  const subprocessors = (await optional("subprocessors.json", subprocessorsSchema)) ?? [];
  const authorIds = new Set(authors.map((author) => author.id));
  const forms = await loadForms(join(contentDir, "forms"), label);

  // A post's reading time and a page's sections resolve the settings' link placeholders.
  const cacheContext = postCache ? JSON.stringify(settings) : "";
  const pagesDir = join(contentDir, "pages");
  const pages: PageEntry[] = [];
  const seenPaths = new Map<string, string>();
  const pageNames = await markdownFiles(pagesDir);
  const pageTexts = readTexts(
    pageNames.map((name) => join(pagesDir, name)),
    memory,
  );
  for (const [index, name] of pageNames.entries()) {
    const file = join(pagesDir, name);
    const fileLabel = label(file);
    const text = pageTexts[index] ?? "";
    const load = () =>
      parseContent(
        pageFrontMatterSchema,
        resolveSectionPlaceholders(parseFrontMatter(text, fileLabel).data, settings, fileLabel),
        fileLabel,
      );
    const frontMatter = postCache ? postCache.page(text, cacheContext, load) : load();
    const body = bodyOf(text, fileLabel);
    const path = frontMatter.path ?? pathFromPageFile(name);
    const clash = seenPaths.get(path);
    if (clash) {
      throw new ContentError(fileLabel, [`field "path": ${path} is already used by ${clash}`]);
    }
    seenPaths.set(path, fileLabel);
    checkPageForms(frontMatter, forms, fileLabel);
    pages.push({
      file: fileLabel,
      path,
      frontMatter,
      body: resolveBody(body, settings, fileLabel),
    });
  }

  const postsDir = join(contentDir, "posts");
  const posts: PostEntry[] = [];
  const postNames = await markdownFiles(postsDir);
  // Each post as label() names it, the folder worked out once (path.relative is 1-2 µs a call).
  const postsLabel = relative(process.cwd(), postsDir);
  const postLabel = (name: string) => (postsLabel === "" ? name : `${postsLabel}${sep}${name}`);
  // On a large site a render worker loads the later half of the posts while this thread loads
  // the first (`loadPosts`); an invalid post in the first half is still the one reported.
  const helperFrom =
    !postCache && postNames.length >= POSTS_TO_SHARE ? Math.ceil(postNames.length / 2) : null;
  const elsewhere =
    helperFrom === null
      ? null
      : (loadPosts?.({
          dir: postsDir,
          names: postNames.slice(helperFrom),
          labels: postNames.slice(helperFrom).map(postLabel),
          settings,
          authorIds: [...authorIds],
        }) ?? null);
  // Awaited below; until then (this thread may fail first) a failure is not unhandled.
  elsewhere?.catch(() => {});
  const here = elsewhere ? postNames.slice(0, helperFrom ?? undefined) : postNames;
  const context: PostContext = { settings, authorIds };
  const cached = postCache ? { postCache, postContext: cacheContext } : undefined;
  // With the post cache, a post whose file has the stamp it had when last read is taken from
  // the cache unread (10,000 posts: a stat each, 55 ms, where reading, hashing and resolving
  // every body took 0.2 s); the others are read and loaded, their stamps kept for next time.
  const postFiles = here.map((name) => join(postsDir, name));
  const stamps = postCache ? postFiles.map((file) => fileStamp(file)) : [];
  const unread = postCache
    ? here.map((name, index) => {
        const stamp = stamps[index];
        return stamp ? postCache.known(name, stamp, cacheContext) : null;
      })
    : [];
  const postTexts = readTexts(
    postFiles.map((file, index) => (unread[index] ? null : file)),
    memory,
  );
  const unreadPosts = new Set<PostEntry>();
  for (const [index, name] of here.entries()) {
    const known = unread[index];
    const file = postFiles[index] as string;
    const post =
      known && postCache
        ? unreadPost(name, file, postLabel(name), known, context, {
            postCache,
            postContext: cacheContext,
            ...(memory ? { memory } : {}),
          })
        : loadPost(name, postTexts[index] ?? "", postLabel(name), context, cached);
    const stamp = stamps[index];
    if (postCache && !known && stamp && post.digest) postCache.read(name, stamp, post.digest);
    if (known) unreadPosts.add(post);
    posts.push(post);
    onPost?.(post);
  }
  if (elsewhere) {
    const answer = await elsewhere;
    if ("failed" in answer) throw new ContentError(answer.failed.file, answer.failed.problems);
    if ("error" in answer)
      throw new Error(`Loading posts in a render worker failed:\n${answer.error}`);
    for (const post of answer.posts) {
      posts.push(post);
      onPost?.(post);
    }
  }
  posts.sort(
    (a, b) => b.frontMatter.date.localeCompare(a.frontMatter.date) || a.slug.localeCompare(b.slug),
  );

  const interview = await loadInterviewLibrary(join(contentDir, "interview"), label);
  const collections = await loadCollections(contentDir, settings, authorIds, posts, forms, label);
  // Every page is written and scanned faster when its strings are one byte a character, and a
  // title read from a file with one "—" in its body would not be (lib/node.ts). A post taken
  // unread compacts its own, its body once read: visited here, its body would be read now.
  for (const post of posts) if (!unreadPosts.has(post)) compactStringsInPlace(post);
  const rest = compactStringsInPlace({
    settings,
    navigation,
    footer,
    authors,
    forms,
    pages,
    interview,
    subprocessors,
    ...collections,
  });
  return { ...rest, posts };
}

/**
 * content/interview/: competencies.json, roles.json and questions/*.json. Competency and
 * role ids become enums for the files after them, so a typo fails naming file and field.
 */
async function loadInterviewLibrary(
  dir: string,
  label: (file: string) => string,
): Promise<InterviewLibrary | null> {
  const competenciesFile = join(dir, "competencies.json");
  const competenciesJson = await readJson(competenciesFile, label(competenciesFile));
  if (competenciesJson === undefined) return null;
  const competencies = parseContent(
    competenciesFileSchema,
    competenciesJson,
    label(competenciesFile),
  );
  const competencyIds = competencies.map((competency) => competency.id);
  assertUniqueIds(competencyIds, label(competenciesFile));

  const rolesFile = join(dir, "roles.json");
  const rolesJson = await readJson(rolesFile, label(rolesFile));
  if (rolesJson === undefined) throw new ContentError(label(rolesFile), ["file is missing"]);
  const roles = parseContent(rolesFileSchema(competencyIds), rolesJson, label(rolesFile));
  const roleIds = roles.map((role) => role.id);
  assertUniqueIds(roleIds, label(rolesFile));

  const questionsDir = join(dir, "questions");
  const names = (await readdir(questionsDir)).filter((name) => name.endsWith(".json")).sort();
  const questions: InterviewLibrary["questions"] = [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const file = join(questionsDir, name);
    const fileLabel = label(file);
    const json = await readJson(file, fileLabel);
    const parsed = parseContent(questionsFileSchema(competencyIds, roleIds), json, fileLabel);
    parsed.forEach((question, index) => {
      const clash = seen.get(question.id);
      if (clash) {
        throw new ContentError(fileLabel, [
          `field "[${index}].id": "${question.id}" is already used in ${clash}`,
        ]);
      }
      seen.set(question.id, fileLabel);
    });
    questions.push(...parsed);
  }
  return { competencies, roles, questions };
}

function assertUniqueIds(ids: string[], file: string): void {
  const index = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (index !== -1) {
    throw new ContentError(file, [`field "[${index}].id": "${ids[index]}" is used twice`]);
  }
}

async function loadForms(
  dir: string,
  label: (file: string) => string,
): Promise<ReadonlyMap<string, FormDefinition>> {
  try {
    return await readFormDefinitions(dir);
  } catch (error) {
    if (error instanceof FormDefinitionError)
      throw new ContentError(label(error.file), error.problems);
    throw error;
  }
}

/** A page may only place forms that exist: an unknown id fails the build naming the page. */
function checkPageForms(
  frontMatter: PageFrontMatter,
  forms: ReadonlyMap<string, FormDefinition>,
  fileLabel: string,
): void {
  for (const id of pageFormIds(frontMatter)) {
    if (forms.has(id)) continue;
    const known = listKnown(forms.keys(), "(no forms in content/forms)");
    throw new ContentError(fileLabel, [
      `field "form": no form "${id}" in content/forms; expected one of ${known}`,
    ]);
  }
}

/**
 * The form ids a page places, in order: its `form` sections first (each shows its form where
 * it stands), then front matter `form` (one id or a list; shown after the body). Each once.
 */
export function pageFormIds(frontMatter: PageFrontMatter): string[] {
  const { form, sections = [] } = frontMatter;
  const fromSections = sections.flatMap((section) =>
    section.type === "form" ? [section.formId] : [],
  );
  const fromFrontMatter = form === undefined ? [] : typeof form === "string" ? [form] : form;
  return [...new Set([...fromSections, ...fromFrontMatter])];
}
