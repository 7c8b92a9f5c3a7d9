import type { PageEvent, StaticQueryName } from "../content/index.ts";
import { pendingImage } from "../images/index.ts";
import { formatHeadline } from "../lib/index.ts";
import { NOT_FOUND_PAGE_PATH, SERVER_ERROR_PAGE_PATH } from "../protocol/index.ts";
import { componentChunkName } from "../site/index.ts";
import type {
  AuthorPageData,
  BlogListData,
  BlogPostData,
  BookData,
  ContentPageData,
  FormPageData,
  IntegrationData,
  InterviewBuilderData,
  InterviewGuideData,
  InterviewLibraryData,
  JobData,
  JobDescriptionData,
  ResourceData,
  StaffingCalculatorData,
} from "../templates/index.ts";
import { JOBS_PATH } from "../templates/index.ts";
import { CALCULATOR_PATH } from "../tools/staffing/index.ts";
import { blogRoutes, blogSummaries } from "./blog-routes.ts";
import { bookRoutes } from "./book-routes.ts";
import { companyNav } from "./company.ts";
import { pageFormIds, type SiteContent } from "./content.ts";
import { expandDataDirectives } from "./directives.ts";
import { placedForms } from "./forms.ts";
import { integrationRoutes } from "./integration-routes.ts";
import { interviewRoutes } from "./interview-routes.ts";
import { jobRoutes, openingsFor } from "./job-routes.ts";
import { checkRedirects, siteRedirects } from "./redirects.ts";
import { resourceRoutes } from "./resource-routes.ts";
import { pendingSections } from "./section-markdown.ts";

export interface RouteHead {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  image?: string;
  type: "website" | "article" | "profile" | "book";
  noindex: boolean;
  /** Absolute URLs of a paginated list's neighbours: `<link rel="prev/next">`. */
  prev?: string;
  next?: string;
  /**
   * What its Open Graph card shows when not the title: a list's later pages ("Blog, page 37")
   * share the first page's card, the list as a link preview shows it. Every page a card of its
   * own cost a card file each (1,678 of a 10,000-post build's 11,800).
   */
  cardTitle?: string;
  /** Structured data, written as `<script type="application/ld+json">` (never executed). */
  jsonLd?: Record<string, unknown>[];
}

/** Markdown the render step turns into HTML and stores at `data[target].html`. */
export interface PendingMarkdown {
  target: "page" | "post" | "book" | "chapter" | "integration" | "job" | "resource";
  body: string;
  /**
   * A digest of everything the body is made from, when one is known (a post read through the
   * post cache): a route's key takes it instead of hashing the body.
   */
  digest?: string;
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
  "template---company": ContentPageData;
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
  "template---book": BookData;
  "template---integration": IntegrationData;
  "template---job": JobData;
  "template---resource": ResourceData;
}

export type RouteChunkName = keyof RouteDataByChunk;

/** Builds a route's head (title with the product name, canonical URL…); route modules take it. */
export type HeadBuilder = (
  path: string,
  title: string,
  description: string,
  extra?: Partial<RouteHead>,
) => RouteHead;

interface RouteFields {
  path: string;
  matchPath?: string;
  head: RouteHead;
  pageContext: Record<string, unknown>;
  markdown?: PendingMarkdown;
  /** Listed in sitemap.xml. */
  inSitemap: boolean;
  /**
   * The sitemap's `<lastmod>` (YYYY-MM-DD), where the content says when it last changed (a
   * post's `updated`, else its date); search engines use it only when it is always true.
   */
  lastModified?: string;
  /** The online event the page announces (its Event JSON-LD); not page data. */
  event?: PageEvent;
  /** Static queries this page reads beyond the shell's (src/content/static-queries.ts). */
  staticQueries?: StaticQueryName[];
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

/**
 * The site's route table, derived from content and the named pages. `npm run routes`
 * prints it. Paths are unique: content loading already rejects duplicate page paths.
 */
export function buildRoutes(content: SiteContent): Route[] {
  const { settings } = content;
  const canonical = (path: string) => new URL(path, settings.siteUrl).href;
  const head: HeadBuilder = (path, title, description, extra = {}) => ({
    title: path === "/" ? title : `${title} | ${settings.productName}`,
    description,
    canonical: canonical(path),
    type: "website",
    noindex: false,
    ...extra,
  });
  // Headlines a template writes in its own element (not the Heading component) get §5's rules
  // here, so the page's island carries no code for them.
  const headline = (text: string) => formatHeadline(text, settings.productName);
  const routes: Route[] = [];
  const directives = (markdown: string, file: string) => {
    try {
      return expandDataDirectives(markdown, content);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  };

  const company = companyNav(content);
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
      ...(fm.template === "company" ? { companyNav: company } : {}),
      ...(fm.template === "company" && page.path === JOBS_PATH
        ? { openings: openingsFor(content) }
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

  // The blog: posts, the blog home and its pages, categories and authors (blog-routes.ts).
  routes.push(...blogRoutes(content, head, canonical));

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
  routes.push(...interviewRoutes(content.interview, head, headline));
  // Books in chapters (book-routes.ts).
  routes.push(...bookRoutes(content, head, canonical));
  // The integrations directory and pages (integration-routes.ts).
  routes.push(...integrationRoutes(content, head));
  // Open jobs with their application form (job-routes.ts); closed ones only redirect.
  routes.push(...jobRoutes(content, head));
  // Resources behind a lead form (resource-routes.ts).
  routes.push(...resourceRoutes(content, head, blogSummaries(content)));

  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`Two routes claim the path ${route.path}.`);
    seen.add(route.path);
  }
  // A redirect must lead to a page that exists, and must not shadow one (redirects.ts).
  checkRedirects(siteRedirects(content), seen, content.settings.siteUrl);
  return routes;
}
