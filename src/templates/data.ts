/**
 * The `result.data` shapes the build writes for each template. The build imports these
 * types when it assembles page data, so template and build cannot drift apart.
 */

import type { RenderedSection } from "../sections/schema.ts";

export interface ContentPageData {
  page: {
    title: string;
    heading: string;
    description: string;
    html: string;
    /** Present when the page is built from sections; rich-text Markdown already rendered. */
    sections?: RenderedSection[];
  };
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
}

export interface AuthorPageData {
  author: AuthorSummary & { bio?: string };
  posts: PostSummary[];
}
