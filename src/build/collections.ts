/**
 * The content collections beyond pages and posts: blog categories, books, integrations, jobs,
 * resources and redirects.
 * Each is validated by its schema; references between collections (a post's category, a
 * book's author) are checked here, so a typo fails the build naming the file and the field.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  type BookFrontMatter,
  bookFrontMatterSchema,
  type Category,
  type ChapterFrontMatter,
  categoriesSchema,
  chapterFrontMatterSchema,
  type IntegrationCategory,
  type IntegrationFrontMatter,
  integrationCategoriesSchema,
  integrationFrontMatterSchema,
  type JobFrontMatter,
  jobFrontMatterSchema,
  type Redirect,
  type ResourceFrontMatter,
  redirectsSchema,
  resourceFrontMatterSchema,
  type SiteSettings,
} from "../content/index.ts";
import type { FormDefinition } from "../forms/index.ts";
import {
  type PostEntry,
  parseFrontMatter,
  readJson,
  readOptionalContent,
  readText,
  resolveBody,
  SLUG,
} from "./content.ts";
import { ContentError, parseContent } from "./content-error.ts";
import { markdownFiles } from "./markdown-files.ts";

export interface ChapterEntry {
  file: string;
  slug: string;
  frontMatter: ChapterFrontMatter;
  body: string;
}

export interface BookEntry {
  file: string;
  slug: string;
  frontMatter: BookFrontMatter;
  /** The introduction on the book's own page. */
  body: string;
  /** In reading order. */
  chapters: ChapterEntry[];
}

export interface IntegrationEntry {
  file: string;
  slug: string;
  frontMatter: IntegrationFrontMatter;
  body: string;
}

/** A markdown entry of a simple collection folder (content/jobs/, content/resources/). */
export interface CollectionEntry<FrontMatter> {
  file: string;
  slug: string;
  frontMatter: FrontMatter;
  body: string;
}
export type JobEntry = CollectionEntry<JobFrontMatter>;
export type ResourceEntry = CollectionEntry<ResourceFrontMatter>;

/** content/redirects.json with the file it came from, so a bad target can name it. */
export interface RedirectEntries {
  file: string;
  entries: Redirect[];
}

type Label = (file: string) => string;

/** The known names an error message lists, in content order, capped so 10,000 posts stay readable. */
const LISTED_NAMES = 12;
export function listKnown(known: Iterable<string>, none = "(none defined)"): string {
  const names = [...known];
  if (names.length === 0) return none;
  const shown = names.slice(0, LISTED_NAMES).join(", ");
  return names.length > LISTED_NAMES ? `${shown} … and ${names.length - LISTED_NAMES} more` : shown;
}

/** "expected one of a, b, got "c"": the wording every unknown reference uses. */
export function unknownReference(field: string, known: Iterable<string>, got: string): string {
  return `field "${field}": expected one of ${listKnown(known)}, got "${got}"`;
}

/** A post or book names an author of content/authors.json. */
export function assertKnownAuthor(
  { author }: { author: string },
  authorIds: ReadonlySet<string>,
  fileLabel: string,
): void {
  if (!authorIds.has(author)) {
    throw new ContentError(fileLabel, [unknownReference("author", authorIds, author)]);
  }
}

export interface Collections {
  categories: Category[];
  books: BookEntry[];
  redirects: RedirectEntries;
  integrationCategories: IntegrationCategory[];
  integrations: IntegrationEntry[];
  /** Open and closed; newest first. Closed jobs build no page, only a redirect. */
  jobs: JobEntry[];
  /** Newest first. */
  resources: ResourceEntry[];
}

export async function loadCollections(
  contentDir: string,
  settings: SiteSettings,
  authorIds: ReadonlySet<string>,
  posts: readonly PostEntry[],
  forms: ReadonlyMap<string, FormDefinition>,
  label: Label,
): Promise<Collections> {
  const categoriesFile = join(contentDir, "categories.json");
  const categories =
    (await readOptionalContent(categoriesFile, categoriesSchema, label(categoriesFile))) ?? [];
  const categoryIds = new Set(categories.map((category) => category.id));
  for (const post of posts) {
    const { category } = post.frontMatter;
    if (category !== undefined && !categoryIds.has(category)) {
      throw new ContentError(post.file, [unknownReference("category", categoryIds, category)]);
    }
  }

  const books = await loadBooks(join(contentDir, "books"), settings, authorIds, label);

  const redirectsFile = join(contentDir, "redirects.json");
  const redirectsJson = await readJson(redirectsFile, label(redirectsFile));
  const redirects: RedirectEntries = {
    file: label(redirectsFile),
    entries:
      redirectsJson === undefined
        ? []
        : parseContent(redirectsSchema, redirectsJson, label(redirectsFile)),
  };
  const { integrationCategories, integrations } = await loadIntegrations(
    join(contentDir, "integrations"),
    settings,
    label,
  );
  const formIds = new Set(forms.keys());
  const jobs = await loadFolder(join(contentDir, "jobs"), jobFrontMatterSchema, settings, label);
  for (const job of jobs) {
    if (!formIds.has(job.frontMatter.form)) {
      throw new ContentError(job.file, [unknownReference("form", formIds, job.frontMatter.form)]);
    }
  }
  jobs.sort(
    (a, b) =>
      b.frontMatter.datePosted.localeCompare(a.frontMatter.datePosted) ||
      a.slug.localeCompare(b.slug),
  );
  const resources = await loadFolder(
    join(contentDir, "resources"),
    resourceFrontMatterSchema,
    settings,
    label,
  );
  const postSlugs = new Set(posts.map((post) => post.slug));
  for (const resource of resources) {
    const fm = resource.frontMatter;
    if (!formIds.has(fm.form)) {
      throw new ContentError(resource.file, [unknownReference("form", formIds, fm.form)]);
    }
    fm.related.forEach((slug, index) => {
      if (!postSlugs.has(slug)) {
        throw new ContentError(resource.file, [
          unknownReference(`related[${index}]`, postSlugs, slug),
        ]);
      }
    });
  }
  resources.sort(
    (a, b) => b.frontMatter.date.localeCompare(a.frontMatter.date) || a.slug.localeCompare(b.slug),
  );
  return { categories, books, redirects, integrationCategories, integrations, jobs, resources };
}

/** Every `{slug}.md` of a folder, validated by `schema`; [] when the folder does not exist. */
async function loadFolder<FrontMatter>(
  dir: string,
  schema: import("zod").ZodType<FrontMatter>,
  settings: SiteSettings,
  label: Label,
): Promise<CollectionEntry<FrontMatter>[]> {
  const entries: CollectionEntry<FrontMatter>[] = [];
  for (const name of await markdownFiles(dir)) {
    const file = join(dir, name);
    const fileLabel = label(file);
    const slug = name.replace(/\.md$/, "");
    if (!SLUG.test(slug)) throw new ContentError(fileLabel, [`file name: "${slug}" is not a slug`]);
    const parsed = parseFrontMatter((await readText(file)) ?? "", fileLabel);
    entries.push({
      file: fileLabel,
      slug,
      frontMatter: parseContent(schema, parsed.data, fileLabel),
      body: resolveBody(parsed.body, settings, fileLabel),
    });
  }
  return entries;
}

async function loadIntegrations(
  dir: string,
  settings: SiteSettings,
  label: Label,
): Promise<{ integrationCategories: IntegrationCategory[]; integrations: IntegrationEntry[] }> {
  const categoriesFile = join(dir, "categories.json");
  const integrationCategories =
    (await readOptionalContent(
      categoriesFile,
      integrationCategoriesSchema,
      label(categoriesFile),
    )) ?? [];
  const ids = new Set(integrationCategories.map((category) => category.id));
  const integrations: IntegrationEntry[] = [];
  for (const name of await markdownFiles(dir)) {
    const file = join(dir, name);
    const fileLabel = label(file);
    const slug = name.replace(/\.md$/, "");
    if (!SLUG.test(slug)) throw new ContentError(fileLabel, [`file name: "${slug}" is not a slug`]);
    const parsed = parseFrontMatter((await readText(file)) ?? "", fileLabel);
    const frontMatter = parseContent(integrationFrontMatterSchema, parsed.data, fileLabel);
    if (!ids.has(frontMatter.category)) {
      throw new ContentError(fileLabel, [unknownReference("category", ids, frontMatter.category)]);
    }
    integrations.push({
      file: fileLabel,
      slug,
      frontMatter,
      body: resolveBody(parsed.body, settings, fileLabel),
    });
  }
  integrations.sort((a, b) => a.frontMatter.title.localeCompare(b.frontMatter.title));
  return { integrationCategories, integrations };
}

async function loadBooks(
  dir: string,
  settings: SiteSettings,
  authorIds: ReadonlySet<string>,
  label: Label,
): Promise<BookEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const books: BookEntry[] = [];
  for (const slug of names) {
    const bookDir = join(dir, slug);
    const indexFile = join(bookDir, "index.md");
    const indexLabel = label(indexFile);
    if (!SLUG.test(slug)) {
      throw new ContentError(indexLabel, [`folder name: "${slug}" is not a slug`]);
    }
    const indexText = await readText(indexFile);
    if (indexText === null) throw new ContentError(indexLabel, ["file is missing"]);
    const index = parseFrontMatter(indexText, indexLabel);
    const frontMatter = parseContent(bookFrontMatterSchema, index.data, indexLabel);
    assertKnownAuthor(frontMatter, authorIds, indexLabel);
    const chapters: ChapterEntry[] = [];
    const orders = new Map<number, string>();
    for (const name of await markdownFiles(bookDir)) {
      if (name === "index.md") continue;
      const file = join(bookDir, name);
      const fileLabel = label(file);
      const chapterSlug = name.replace(/\.md$/, "");
      if (!SLUG.test(chapterSlug)) {
        throw new ContentError(fileLabel, [`file name: "${chapterSlug}" is not a slug`]);
      }
      const parsed = parseFrontMatter((await readText(file)) ?? "", fileLabel);
      const chapter = parseContent(chapterFrontMatterSchema, parsed.data, fileLabel);
      const clash = orders.get(chapter.order);
      if (clash) {
        throw new ContentError(fileLabel, [
          `field "order": ${chapter.order} is already used by ${clash}`,
        ]);
      }
      orders.set(chapter.order, fileLabel);
      chapters.push({
        file: fileLabel,
        slug: chapterSlug,
        frontMatter: chapter,
        body: resolveBody(parsed.body, settings, fileLabel),
      });
    }
    chapters.sort((a, b) => a.frontMatter.order - b.frontMatter.order);
    books.push({
      file: indexLabel,
      slug,
      frontMatter,
      body: resolveBody(index.body, settings, indexLabel),
      chapters,
    });
  }
  return books;
}
