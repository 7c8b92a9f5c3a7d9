import type { PageEvent } from "../content/index.ts";
import { pendingImage } from "../images/index.ts";
import { NOT_FOUND_PAGE_PATH, SERVER_ERROR_PAGE_PATH } from "../protocol/index.ts";
import { componentChunkName } from "../site/index.ts";
import type {
  AuthorPageData,
  BlogListData,
  BlogPostData,
  ContentPageData,
  FormPageData,
  InterviewBuilderData,
  InterviewGuideData,
  InterviewLibraryData,
  JobDescriptionData,
  PostSummary,
  StaffingCalculatorData,
} from "../templates/index.ts";
import { authorPath, BLOG_POSTS_PER_PAGE, blogListPath, blogPostPath } from "../templates/index.ts";
import { CALCULATOR_PATH } from "../tools/staffing/index.ts";
import { type PostEntry, pageFormIds, type SiteContent } from "./content.ts";
import { expandDataDirectives } from "./directives.ts";
import { placedForms } from "./forms.ts";
import { interviewRoutes } from "./interview-routes.ts";
import { pendingSections } from "./section-markdown.ts";

export interface RouteHead {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  image?: string;
  type: "website" | "article";
  noindex: boolean;
  /** The page's hero, preloaded with high priority (set by the build's image step). */
  preloadImage?: { srcSet: string; sizes: string; type?: string };
}

/** Markdown the render step turns into HTML and stores at `data[target].html`. */
export interface PendingMarkdown {
  target: "page" | "post";
  body: string;
}

/** Named pages read nothing from page data. */
export type NamedPageData = Record<string, never>;

/**
 * The `result.data` each component reads, by its chunk name: a route's data is checked against
 * its template. Adding a template or a named page? Add its line here.
 */
export interface RouteDataByChunk {
  "template---home": ContentPageData;
  "template---page": ContentPageData;
  "template---form-page": FormPageData;
  "template---landing": ContentPageData;
  "template---blog-post": BlogPostData;
  "template---blog-list": BlogListData;
  "template---author": AuthorPageData;
  "page---not-found": NamedPageData;
  "page---server-error": NamedPageData;
  "page---interview-builder": InterviewBuilderData;
  "template---interview-library": InterviewLibraryData;
  "template---interview-guide": InterviewGuideData;
  "template---job-description": JobDescriptionData;
  "page---help-desk-staffing-calculator": StaffingCalculatorData;
  "page---styleguide": NamedPageData;
}

export type RouteChunkName = keyof RouteDataByChunk;

interface RouteFields {
  path: string;
  matchPath?: string;
  head: RouteHead;
  pageContext: Record<string, unknown>;
  markdown?: PendingMarkdown;
  /** Listed in sitemap.xml. */
  inSitemap: boolean;
  /** The online event the page announces (its Event JSON-LD); not page data. */
  event?: PageEvent;
}

/**
 * Everything needed to prerender one route; plain data so it can cross to a worker. A union
 * on `componentChunkName`, each member carrying the data its component reads.
 */
export type Route = {
  [Chunk in RouteChunkName]: RouteFields & {
    componentChunkName: Chunk;
    data: RouteDataByChunk[Chunk];
  };
}[RouteChunkName];

const AUTHOR_PAGE_POSTS = BLOG_POSTS_PER_PAGE * 2;

/** The form the blog list offers as its newsletter email-catcher, when content defines it. */
export const BLOG_NEWSLETTER_FORM_ID = "newsletter";

/** The form the staffing calculator offers to email its result, when content defines it. */
export const STAFFING_RESULT_FORM_ID = "staffing-result";

/** Named pages: components in src/pages/ with a fixed path. */
export const NAMED_PAGES = [
  { name: "not-found", path: NOT_FOUND_PAGE_PATH, title: "Page not found", inSitemap: false },
  {
    name: "server-error",
    path: SERVER_ERROR_PAGE_PATH,
    title: "Something went wrong",
    inSitemap: false,
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

/** A post's byline portrait, when its author has one. */
function authorPortrait(post: PostEntry, content: SiteContent, preset: "avatar") {
  const author = content.authors.find((candidate) => candidate.id === post.frontMatter.author);
  if (!author?.portrait) return {};
  return {
    authorPortrait: pendingImage(author.portrait, preset, {
      file: "content/authors.json",
      field: `${author.id}.portrait`,
    }),
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
              sections: pendingSections(fm.sections, page.file, (markdown) =>
                directives(markdown, page.file),
              ),
            }
          : {}),
      },
      ...(fm.image
        ? { image: pendingImage(fm.image, "hero", { file: page.file, field: "image" }) }
        : {}),
    };
    // A page with forms gets its own template, so form code loads only where a form is.
    const forms = placedForms(content.forms, pageFormIds(fm));
    const fields = {
      path: page.path,
      head: head(page.path, fm.title, fm.description, { noindex: fm.noindex ?? false }),
      pageContext: fm.staticHeader ? { staticHeader: true } : {},
      markdown: { target: "page", body: directives(page.body, page.file) } as const,
      inSitemap: !fm.noindex,
      ...(fm.event ? { event: fm.event } : {}),
    };
    if (forms.length > 0) {
      const formData: FormPageData = { ...data, template: fm.template, forms };
      routes.push({
        ...fields,
        componentChunkName: componentChunkName("templates", "form-page"),
        data: formData,
      });
    } else {
      routes.push({
        ...fields,
        componentChunkName: componentChunkName("templates", fm.template),
        data,
      });
    }
  }

  const summaries = content.posts.map((post) => summary(post, content));
  content.posts.forEach((post, index) => {
    const path = blogPostPath(post.slug);
    const fm = post.frontMatter;
    routes.push({
      path,
      componentChunkName: componentChunkName("templates", "blog-post"),
      head: head(path, fm.title, fm.description, { type: "article" }),
      pageContext: { slug: post.slug },
      data: {
        post: {
          ...(summaries[index] as PostSummary),
          html: "",
          ...(fm.image
            ? { image: pendingImage(fm.image, "cover", { file: post.file, field: "image" }) }
            : {}),
          ...authorPortrait(post, content, "avatar"),
        },
        newer: summaries[index - 1] ?? null,
        older: summaries[index + 1] ?? null,
      },
      markdown: { target: "post", body: post.body },
      inSitemap: true,
    });
  });

  const [newsletter] = placedForms(content.forms, [BLOG_NEWSLETTER_FORM_ID]);
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
      ...(newsletter ? { newsletter } : {}),
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
        ...(author.portrait
          ? {
              portrait: pendingImage(author.portrait, "portrait", {
                file: "content/authors.json",
                field: `${author.id}.portrait`,
              }),
            }
          : {}),
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
      head: head(named.path, named.title, settings.description, { noindex: !named.inSitemap }),
      pageContext: {},
      data: {},
      inSitemap: named.inSitemap,
    });
  }

  // The staffing calculator: prerendered with its defaults, and its email-result form.
  const [resultForm] = placedForms(content.forms, [STAFFING_RESULT_FORM_ID]);
  routes.push({
    path: CALCULATOR_PATH,
    componentChunkName: componentChunkName("pages", "help-desk-staffing-calculator"),
    head: head(
      CALCULATOR_PATH,
      "Help desk staffing calculator",
      "How many support agents do you need? Size email, chat and phone with Erlang C and your reply targets, then add shrinkage.",
    ),
    pageContext: {},
    data: resultForm ? { resultForm } : {},
    inSitemap: true,
  });

  // The interview builder (a match-path page), its library, guides and job descriptions.
  routes.push(...interviewRoutes(content.interview, head));

  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`Two routes claim the path ${route.path}.`);
    seen.add(route.path);
  }
  return routes;
}
