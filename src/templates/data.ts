import type { RenderedSection } from "../content/index.ts";
import type { FormDefinition } from "../forms/index.ts";
/**
 * The `result.data` shapes the build writes for each template. The build imports these
 * types when it assembles page data, so template and build cannot drift apart.
 */
import type { ResolvedImage } from "../images/index.ts";

export interface ContentPageData {
  page: {
    title: string;
    heading: string;
    description: string;
    html: string;
    /** Present when the page is built from sections; rich-text Markdown already rendered. */
    sections?: RenderedSection[];
  };
  /** The page's hero image, resolved by the build (pages without a hero section). */
  image?: ResolvedImage;
  /** Company pages (template `company`): the links of the company navigation. */
  companyNav?: NavLink[];
  /** The company page at /careers/jobs/: every open job, newest first. */
  openings?: JobSummary[];
}

/** A labelled link to another page of the site. */
export interface NavLink {
  label: string;
  path: string;
}

export interface AuthorSummary {
  id: string;
  name: string;
  role?: string;
}

export interface PostSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  date: string;
  author: AuthorSummary;
  tags: string[];
  /** Absent for a post without a category. */
  category?: CategoryLink;
  readingMinutes: number;
}

export interface BlogPostData {
  post: PostSummary & {
    html: string;
    image?: ResolvedImage;
    authorPortrait?: ResolvedImage;
    /** The last revision's date (YYYY-MM-DD), when the post was revised after it was published. */
    updated?: string;
  };
  newer: PostSummary | null;
  older: PostSummary | null;
  /** h2/h3 headings of a long post; empty when the post is too short to need one. */
  toc: TocEntry[];
  /** Posts of the same category or tags, best match first. */
  related: PostSummary[];
}

export interface BlogListData {
  posts: PostSummary[];
  currentPage: number;
  pageCount: number;
  /** The newsletter email-catcher under the list (sanitised), when content defines one. */
  newsletter?: FormDefinition;
  /** Featured posts, on the blog home (page 1) only. */
  featured: PostSummary[];
  /** Set on a category's pages (`/blog/category/{id}/…`): the list shows its posts only. */
  category?: CategoryLink & { description: string };
  categories: CategoryLink[];
  pagination: Pagination;
}

export interface AuthorPageData {
  /** The page's h1, §5's headline rules applied by the build (the island needs no code for them). */
  headline: string;
  author: AuthorSummary & { bio?: string; portrait?: ResolvedImage };
  posts: PostSummary[];
  pagination: Pagination;
}

// Blog categories and books.

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface CategoryLink {
  id: string;
  name: string;
  path: string;
}

/** Where a paginated list is and the paths of its neighbours (null at either end). */
export interface Pagination {
  currentPage: number;
  pageCount: number;
  previousPath: string | null;
  nextPath: string | null;
}

export interface ChapterLink {
  slug: string;
  path: string;
  title: string;
  description: string;
  order: number;
}

export interface BookSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  author: AuthorSummary;
  date: string;
  chapters: ChapterLink[];
}

/**
 * `/books/{book}/` (chapter null: the cover, the introduction and the contents) and
 * `/books/{book}/{chapter}/` (one chapter with previous/next chapter links).
 */
export interface BookData {
  book: BookSummary & { html: string; readingMinutes: number; cover?: ResolvedImage };
  chapter: (ChapterLink & { html: string; readingMinutes: number }) | null;
  previous: ChapterLink | null;
  next: ChapterLink | null;
}

// Interview builder, library, guides and job descriptions (src/tools/interview/).

import type { Competency, Question } from "../tools/interview/index.ts";

export interface InterviewRoleLink {
  id: string;
  title: string;
  guidePath: string;
  jobDescriptionPath: string;
  /** The builder pre-filled with the role's focus competencies and suggested questions. */
  builderPath: string;
}

/**
 * The builder page's data. The library it builds from is the "interview-library" static query
 * (src/content/static-queries.ts), which the loader fetches with the page, so a shared
 * sub-path still renders its plan before hydration (prerendered) and after it (fetched).
 */
export interface InterviewBuilderData {
  roles: InterviewRoleLink[];
}

export interface InterviewLibraryCompetency extends Competency {
  path: string;
  questionCount: number;
}

/** A question on a library page, with the roles it suits by title and a builder link. */
export interface InterviewLibraryQuestion extends Question {
  roleTitles: string[];
  /** The builder pre-filled with this one question. */
  builderPath: string;
}

/** `/interview-builder/library/` (competency null) and `/interview-builder/library/{id}/`. */
export interface InterviewLibraryData {
  /** The page's h1, §5's headline rules applied by the build (the island needs no code for them). */
  headline: string;
  competency: InterviewLibraryCompetency | null;
  competencies: InterviewLibraryCompetency[];
  /** The index lists every question's text; a competency page its own questions in full. */
  questions: InterviewLibraryQuestion[];
  /** On a competency page: the builder for each role, suggesting this competency's questions. */
  roles: (InterviewRoleLink & { competencyBuilderPath: string })[];
}

export interface InterviewGuideData {
  /** The page's h1, §5's headline rules applied by the build (the island needs no code for them). */
  headline: string;
  role: InterviewRoleLink & { summary: string };
  competencies: Pick<Competency, "id" | "name" | "summary">[];
  questions: (Question & { competencyName: string })[];
  otherRoles: InterviewRoleLink[];
}

export interface JobDescriptionData {
  /** The page's h1, §5's headline rules applied by the build (the island needs no code for them). */
  headline: string;
  role: InterviewRoleLink & { summary: string; responsibilities: string[]; requirements: string[] };
  competencies: Pick<Competency, "id" | "name" | "summary">[];
  otherRoles: InterviewRoleLink[];
}

/** A content page that places lead forms: rendered by `template---form-page`, its own chunk. */
export interface FormPageData extends ContentPageData {
  /** The page's own template (home, page, landing), passed to the shared content layout. */
  template: string;
  /** Sanitised form definitions, in the order the front matter lists them. */
  forms: FormDefinition[];
}

/** The help-desk staffing calculator (a named page): its email-result form. */
export interface StaffingCalculatorData {
  /** The `staffing-result` form (sanitised), when content defines it. */
  resultForm?: FormDefinition;
}

// Integrations directory.

export interface IntegrationCategoryLink {
  id: string;
  name: string;
  path: string;
}

export interface IntegrationSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  category: IntegrationCategoryLink;
  builtBy: string;
}

/**
 * The directory, `/integrations/directory/` (category null) and one URL per category
 * filter, and each integration's page `/integrations/{slug}/`: one template, integration null
 * on the directory.
 */
export interface IntegrationData {
  integration: (IntegrationSummary & { html: string; plans: string; website: string }) | null;
  /** The directory's current filter; null for all (and on an integration's page). */
  category: (IntegrationCategoryLink & { description: string }) | null;
  categories: IntegrationCategoryLink[];
  /** The directory's list; on an integration's page, others in its category. */
  integrations: IntegrationSummary[];
}

// Jobs and resources.

export interface JobSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  team: string;
  location: string;
  /** "Full-time", "Contract"…, as candidates read it. */
  employment: string;
  /** The published yearly base range, formatted ("€62,000–€78,000 a year"). */
  salary: string;
}

/** `/careers/jobs/{slug}/`: one open job (the list is the company page at /careers/jobs/). */
export interface JobData {
  job: JobSummary & { html: string; datePosted: string; validThrough?: string };
  /** The other open jobs. */
  openings: JobSummary[];
  /** The application form, its hidden `job_id` set to this job. */
  form: FormDefinition;
  companyNav: NavLink[];
}

export interface ResourceSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  kind: "ebook" | "report" | "template";
  date: string;
  image: ResolvedImage;
}

/** `/resources/` (resource null: every resource by kind) and `/resources/{slug}/`. */
export interface ResourceData {
  resource:
    | (ResourceSummary & {
        html: string;
        highlights: string[];
        download: { file: string; format: string };
        /** The gating form; the download link shows once it is submitted. */
        form: FormDefinition;
        related: PostSummary[];
      })
    | null;
  /** On the list: every resource; on a resource page: a few others. */
  resources: ResourceSummary[];
}
