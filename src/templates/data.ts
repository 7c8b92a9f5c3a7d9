import type { FormDefinition } from "../forms/browser.ts";

/**
 * The `result.data` shapes the build writes for each template. The build imports these
 * types when it assembles page data, so template and build cannot drift apart.
 */

export interface ContentPageData {
  page: { title: string; heading: string; description: string; html: string };
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
}

export interface BlogPostData {
  post: PostSummary & { html: string };
  newer: PostSummary | null;
  older: PostSummary | null;
}

export interface BlogListData {
  posts: PostSummary[];
  currentPage: number;
  pageCount: number;
  /** The newsletter email-catcher under the list (sanitised), when content defines one. */
  newsletter?: FormDefinition;
}

export interface AuthorPageData {
  author: AuthorSummary & { bio?: string };
  posts: PostSummary[];
}

/** A content page that places lead forms: rendered by `template---form-page`, its own chunk. */
export interface FormPageData extends ContentPageData {
  /** The page's own template (home, page, landing), passed to the shared content layout. */
  template: string;
  /** Sanitised form definitions, in the order the front matter lists them. */
  forms: FormDefinition[];
}
