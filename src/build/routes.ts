import { componentChunkName } from "../site/component-names.ts";
import type {
  AuthorPageData,
  BlogListData,
  ContentPageData,
  PostSummary,
} from "../templates/data.ts";
import { authorPath, BLOG_POSTS_PER_PAGE, blogListPath, blogPostPath } from "../templates/paths.ts";
import type { PostEntry, SiteContent } from "./content.ts";
import { expandDataDirectives } from "./directives.ts";
import { pendingSections } from "./section-markdown.ts";

export interface RouteHead {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  image?: string;
  type: "website" | "article";
  noindex: boolean;
}

/** Markdown the render step turns into HTML and stores at `data[target].html`. */
export interface PendingMarkdown {
  target: "page" | "post";
  body: string;
}

/** Everything needed to prerender one route; plain data so it can cross to a worker. */
export interface Route {
  path: string;
  componentChunkName: string;
  matchPath?: string;
  head: RouteHead;
  pageContext: Record<string, unknown>;
  data: unknown;
  markdown?: PendingMarkdown;
  /** Listed in sitemap.xml. */
  inSitemap: boolean;
}

const AUTHOR_PAGE_POSTS = BLOG_POSTS_PER_PAGE * 2;

/** Named pages: components in src/pages/ with a fixed path. */
export const NAMED_PAGES = [
  { name: "not-found", path: "/404.html", title: "Page not found", inSitemap: false },
  { name: "server-error", path: "/500.html", title: "Something went wrong", inSitemap: false },
  {
    name: "interview-builder",
    path: "/interview-builder/",
    matchPath: "/interview-builder/*",
    title: "Interview builder",
    description: "Build a support interview from a library of proven questions.",
    inSitemap: true,
  },
  {
    name: "styleguide",
    path: "/styleguide/",
    title: "Style guide",
    description: "The Harbor Desk design system: tokens, components and page sections.",
    inSitemap: false,
  },
] as const;

function summary(post: PostEntry, content: SiteContent): PostSummary {
  const author = content.authors.find((candidate) => candidate.id === post.frontMatter.author);
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
  };
}

/**
 * The site's route table, derived from content and the named pages. `npm run routes`
 * prints it. Paths are unique: content loading already rejects duplicate page paths.
 */
export function buildRoutes(content: SiteContent): Route[] {
  const { settings } = content;
  const canonical = (path: string) => new URL(path, settings.siteUrl).href;
  const head = (
    path: string,
    title: string,
    description: string,
    extra: Partial<RouteHead> = {},
  ): RouteHead => ({
    title: path === "/" ? title : `${title} | ${settings.productName}`,
    description,
    canonical: canonical(path),
    type: "website",
    noindex: false,
    ...extra,
  });
  const routes: Route[] = [];
  const directives = (markdown: string, file: string) => {
    try {
      return expandDataDirectives(markdown, content);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  };

  for (const page of content.pages) {
    const fm = page.frontMatter;
    const data: ContentPageData = {
      page: {
        title: fm.title,
        heading: fm.heading ?? fm.title,
        description: fm.description,
        html: "",
        ...(fm.sections
          ? {
              sections: pendingSections(fm.sections, (markdown) => directives(markdown, page.file)),
            }
          : {}),
      },
    };
    routes.push({
      path: page.path,
      componentChunkName: componentChunkName("templates", fm.template),
      head: head(page.path, fm.title, fm.description, {
        noindex: fm.noindex ?? false,
        ...(fm.image ? { image: fm.image } : {}),
      }),
      pageContext: fm.staticHeader ? { staticHeader: true } : {},
      data,
      markdown: { target: "page", body: directives(page.body, page.file) },
      inSitemap: !fm.noindex,
    });
  }

  const summaries = content.posts.map((post) => summary(post, content));
  content.posts.forEach((post, index) => {
    const path = blogPostPath(post.slug);
    const fm = post.frontMatter;
    routes.push({
      path,
      componentChunkName: componentChunkName("templates", "blog-post"),
      head: head(path, fm.title, fm.description, {
        type: "article",
        ...(fm.image ? { image: fm.image } : {}),
      }),
      pageContext: { slug: post.slug },
      data: {
        post: { ...(summaries[index] as PostSummary), html: "" },
        newer: summaries[index - 1] ?? null,
        older: summaries[index + 1] ?? null,
      },
      markdown: { target: "post", body: post.body },
      inSitemap: true,
    });
  });

  const pageCount = Math.max(1, Math.ceil(summaries.length / BLOG_POSTS_PER_PAGE));
  for (let currentPage = 1; currentPage <= pageCount; currentPage++) {
    const path = blogListPath(currentPage);
    const data: BlogListData = {
      posts: summaries.slice(
        (currentPage - 1) * BLOG_POSTS_PER_PAGE,
        currentPage * BLOG_POSTS_PER_PAGE,
      ),
      currentPage,
      pageCount,
    };
    routes.push({
      path,
      componentChunkName: componentChunkName("templates", "blog-list"),
      head: head(
        path,
        currentPage === 1 ? "Blog" : `Blog, page ${currentPage}`,
        `Ideas and guides for customer support teams from ${settings.productName}.`,
      ),
      pageContext: { currentPage },
      data,
      inSitemap: true,
    });
  }

  for (const author of content.authors) {
    const path = authorPath(author.id);
    const data: AuthorPageData = {
      author: {
        id: author.id,
        name: author.name,
        ...(author.role ? { role: author.role } : {}),
        ...(author.bio ? { bio: author.bio } : {}),
      },
      // Latest posts only: an author page must stay small however much they write.
      posts: summaries.filter((post) => post.author.id === author.id).slice(0, AUTHOR_PAGE_POSTS),
    };
    routes.push({
      path,
      componentChunkName: componentChunkName("templates", "author"),
      head: head(path, author.name, author.bio ?? `Posts by ${author.name}.`),
      pageContext: { authorId: author.id },
      data,
      inSitemap: true,
    });
  }

  for (const named of NAMED_PAGES) {
    routes.push({
      path: named.path,
      componentChunkName: componentChunkName("pages", named.name),
      ...("matchPath" in named ? { matchPath: named.matchPath } : {}),
      head: head(
        named.path,
        named.title,
        "description" in named ? named.description : settings.description,
        {
          noindex: !named.inSitemap,
        },
      ),
      pageContext: {},
      data: {},
      inSitemap: named.inSitemap,
    });
  }

  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`Two routes claim the path ${route.path}.`);
    seen.add(route.path);
  }
  return routes;
}
