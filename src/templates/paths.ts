/** URL scheme of the blog, shared by the build's route table and the templates' links. */
export const BLOG_PATH = "/blog/";
export const BLOG_POSTS_PER_PAGE = 12;

export function blogPostPath(slug: string): string {
  return `${BLOG_PATH}${slug}/`;
}

export function blogListPath(page: number): string {
  return page <= 1 ? BLOG_PATH : `${BLOG_PATH}page/${page}/`;
}

export function authorPath(id: string, page = 1): string {
  const base = `${BLOG_PATH}authors/${id}/`;
  return page <= 1 ? base : `${base}page/${page}/`;
}

export function blogCategoryPath(id: string, page = 1): string {
  const base = `${BLOG_PATH}category/${id}/`;
  return page <= 1 ? base : `${base}page/${page}/`;
}

/** The Atom feed of the latest posts, written by the build. */
export const BLOG_FEED_PATH = `${BLOG_PATH}feed.xml`;

export const BOOKS_PATH = "/books/";

export function bookPath(slug: string): string {
  return `${BOOKS_PATH}${slug}/`;
}

export function chapterPath(book: string, chapter: string): string {
  return `${bookPath(book)}${chapter}/`;
}

/** Another page owns /integrations/ itself; the directory and entries live under it. */
export const INTEGRATIONS_PATH = "/integrations/";
export const INTEGRATION_DIRECTORY_PATH = `${INTEGRATIONS_PATH}directory/`;

export function integrationDirectoryPath(category?: string): string {
  return category ? `${INTEGRATION_DIRECTORY_PATH}${category}/` : INTEGRATION_DIRECTORY_PATH;
}

export function integrationPath(slug: string): string {
  return `${INTEGRATIONS_PATH}${slug}/`;
}

/** Open roles live under the careers page; a closed one redirects to JOBS_PATH. */
export const JOBS_PATH = "/careers/jobs/";

export function jobPath(slug: string): string {
  return `${JOBS_PATH}${slug}/`;
}

export const RESOURCES_PATH = "/resources/";

export function resourcePath(slug: string): string {
  return `${RESOURCES_PATH}${slug}/`;
}
