/**
 * The blog's routes: posts, the blog home and its pages, category pages and author pages,
 * each list paginated with previous/next links in the page and in <head>.
 */

import { pendingImage } from "../images/index.ts";
import { formatHeadline } from "../lib/index.ts";
import { componentChunkName } from "../site/index.ts";
import type {
  AuthorPageData,
  BlogListData,
  CategoryLink,
  Pagination,
  PostSummary,
} from "../templates/index.ts";
import {
  authorPath,
  BLOG_POSTS_PER_PAGE,
  blogCategoryPath,
  blogListPath,
  blogPostPath,
} from "../templates/index.ts";
import type { PostEntry, SiteContent } from "./content.ts";
import { placedForms } from "./forms.ts";
import { postToc } from "./markdown.ts";
import { paginate } from "./paginate.ts";
import { relatedFinder } from "./related.ts";
import type { HeadBuilder, PendingMarkdown, Route } from "./routes.ts";
import { sharedValuesOf } from "./shared-values.ts";

/** Featured posts on the blog home. */
export const FEATURED_POSTS = 3;
/** The form the blog list offers as its newsletter email-catcher, when content defines it. */
export const BLOG_NEWSLETTER_FORM_ID = "newsletter";
const AUTHORS_FILE = "content/authors.json";

function categoryLinks(content: SiteContent): CategoryLink[] {
  return content.categories.map((category) => ({
    id: category.id,
    name: category.name,
    path: blogCategoryPath(category.id),
  }));
}

function summary(
  post: PostEntry,
  content: SiteContent,
  categories: ReadonlyMap<string, CategoryLink>,
): PostSummary {
  const author = content.authors.find((candidate) => candidate.id === post.frontMatter.author);
  const category = post.frontMatter.category
    ? categories.get(post.frontMatter.category)
    : undefined;
  return {
    slug: post.slug,
    path: blogPostPath(post.slug),
    title: post.frontMatter.title,
    description: post.frontMatter.description,
    date: post.frontMatter.date,
    author: {
      id: post.frontMatter.author,
      name: author?.name ?? post.frontMatter.author,
      ...(author?.role ? { role: author.role } : {}),
    },
    tags: post.frontMatter.tags,
    ...(category ? { category } : {}),
    readingMinutes: post.readingMinutes,
  };
}

/**
 * A post's Markdown for its route. Its body is asked of the post only when the page renders:
 * a rebuild's post cache may have taken the post without reading its file (content.ts), and
 * keys it by its digest instead (build-cache.ts).
 */
function postMarkdown(post: PostEntry): PendingMarkdown {
  // An own, enumerable getter, so that a copy (a render worker's structured clone) reads and
  // carries the body; written in the literal, which costs no more than a plain property
  // (Object.defineProperty on each of 10,000 routes took 17 ms).
  return post.digest
    ? {
        target: "post",
        digest: post.digest,
        get body() {
          return post.body;
        },
      }
    : { target: "post", body: post.body };
}

/** A post's byline portrait, when its author has one. */
function authorPortrait(post: PostEntry, content: SiteContent) {
  const author = content.authors.find((candidate) => candidate.id === post.frontMatter.author);
  if (!author?.portrait) return {};
  return {
    authorPortrait: pendingImage(author.portrait, "avatar", {
      file: AUTHORS_FILE,
      field: `${author.id}.portrait`,
    }),
  };
}

/**
 * A list page's `<link rel="prev/next">`, as absolute URLs like the canonical, and on its later
 * pages the list's card title: they share the first page's Open Graph card.
 */
function pagingHead(
  listTitle: string,
  pagination: Pagination,
  canonical: (path: string) => string,
) {
  return {
    ...(pagination.previousPath ? { prev: canonical(pagination.previousPath) } : {}),
    ...(pagination.nextPath ? { next: canonical(pagination.nextPath) } : {}),
    ...(pagination.currentPage > 1 ? { cardTitle: listTitle } : {}),
  };
}

function pageTitle(title: string, pagination: Pagination): string {
  return pagination.currentPage === 1 ? title : `${title}, page ${pagination.currentPage}`;
}

const summariesOf = new WeakMap<SiteContent, readonly PostSummary[]>();

/**
 * Every post as lists show it, newest first; made once per loaded content (the blog and the
 * resources both list posts, and every route that shows a summary shares it, which keeps the
 * routes' memory down). Shared: not to be changed.
 */
export function blogSummaries(content: SiteContent): readonly PostSummary[] {
  let summaries = summariesOf.get(content);
  if (!summaries) {
    const categories = new Map(categoryLinks(content).map((category) => [category.id, category]));
    summaries = content.posts.map((post) => summary(post, content, categories));
    const shared = sharedValuesOf(content);
    for (const shown of summaries) shared.add(shown);
    summariesOf.set(content, summaries);
  }
  return summaries;
}

export function blogRoutes(
  content: SiteContent,
  head: HeadBuilder,
  canonical: (path: string) => string,
): Route[] {
  const { settings } = content;
  const routes: Route[] = [];
  const categories = categoryLinks(content);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const summaries = blogSummaries(content);
  const relatedTo = relatedFinder(summaries);

  content.posts.forEach((post, index) => {
    const path = blogPostPath(post.slug);
    const fm = post.frontMatter;
    const current = summaries[index] as PostSummary;
    const toc = post.toc ?? postToc(current.readingMinutes, post.body);
    routes.push({
      path,
      componentChunkName: componentChunkName("templates", "blog-post"),
      head: head(path, fm.title, fm.description, { type: "article" }),
      pageContext: { slug: post.slug },
      data: {
        post: {
          ...current,
          html: "",
          ...(fm.updated ? { updated: fm.updated } : {}),
          ...(fm.image
            ? { image: pendingImage(fm.image, "cover", { file: post.file, field: "image" }) }
            : {}),
          ...authorPortrait(post, content),
        },
        newer: summaries[index - 1] ?? null,
        older: summaries[index + 1] ?? null,
        toc,
        related: relatedTo(current),
      },
      markdown: postMarkdown(post),
      inSitemap: true,
      lastModified: fm.updated ?? fm.date,
    });
  });

  const [newsletter] = placedForms(content.forms, [BLOG_NEWSLETTER_FORM_ID]);
  const shared = sharedValuesOf(content);
  shared.add(categories);
  if (newsletter) shared.add(newsletter);
  const featured = summaries
    .filter((_, index) => content.posts[index]?.frontMatter.featured)
    .slice(0, FEATURED_POSTS);
  for (const page of paginate(summaries, BLOG_POSTS_PER_PAGE, blogListPath)) {
    const { pagination } = page;
    const data: BlogListData = {
      posts: page.items,
      currentPage: pagination.currentPage,
      pageCount: pagination.pageCount,
      featured: pagination.currentPage === 1 ? featured : [],
      categories,
      pagination,
      ...(newsletter ? { newsletter } : {}),
    };
    routes.push({
      path: page.path,
      componentChunkName: componentChunkName("templates", "blog-list"),
      head: head(
        page.path,
        pageTitle("Blog", pagination),
        `Ideas and guides for customer support teams from ${settings.productName}.`,
        pagingHead("Blog", pagination, canonical),
      ),
      pageContext: { currentPage: pagination.currentPage },
      data,
      inSitemap: true,
    });
  }

  for (const category of content.categories) {
    const link = categoryById.get(category.id) as CategoryLink;
    const posts = summaries.filter((post) => post.category?.id === category.id);
    const pages = paginate(posts, BLOG_POSTS_PER_PAGE, (n) => blogCategoryPath(category.id, n));
    for (const page of pages) {
      const { pagination } = page;
      const data: BlogListData = {
        category: { ...link, description: category.description },
        posts: page.items,
        currentPage: pagination.currentPage,
        pageCount: pagination.pageCount,
        featured: [],
        categories,
        pagination,
      };
      routes.push({
        path: page.path,
        // A category page is the blog list, filtered: the same template.
        componentChunkName: componentChunkName("templates", "blog-list"),
        head: head(
          page.path,
          pageTitle(category.name, pagination),
          category.description,
          pagingHead(category.name, pagination, canonical),
        ),
        pageContext: { categoryId: category.id, currentPage: pagination.currentPage },
        data,
        inSitemap: true,
      });
    }
  }

  for (const author of content.authors) {
    const posts = summaries.filter((post) => post.author.id === author.id);
    for (const page of paginate(posts, BLOG_POSTS_PER_PAGE, (n) => authorPath(author.id, n))) {
      const { pagination } = page;
      const data: AuthorPageData = {
        headline: formatHeadline(author.name, content.settings.productName),
        author: {
          id: author.id,
          name: author.name,
          ...(author.role ? { role: author.role } : {}),
          ...(author.bio ? { bio: author.bio } : {}),
          ...(author.portrait
            ? {
                portrait: pendingImage(author.portrait, "portrait", {
                  file: AUTHORS_FILE,
                  field: `${author.id}.portrait`,
                }),
              }
            : {}),
        },
        posts: page.items,
        pagination,
      };
      routes.push({
        path: page.path,
        componentChunkName: componentChunkName("templates", "author"),
        head: head(
          page.path,
          pageTitle(author.name, pagination),
          author.bio ?? `Posts by ${author.name}.`,
          { ...pagingHead(author.name, pagination, canonical), type: "profile" },
        ),
        pageContext: { authorId: author.id, currentPage: pagination.currentPage },
        data,
        inSitemap: true,
      });
    }
  }
  return routes;
}
