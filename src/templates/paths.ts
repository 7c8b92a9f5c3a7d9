/** URL scheme of the blog, shared by the build's route table and the templates' links. */
export const BLOG_PATH = "/blog/";
export const BLOG_POSTS_PER_PAGE = 12;

export function blogPostPath(slug: string): string {
  return `${BLOG_PATH}${slug}/`;
}

export function blogListPath(page: number): string {
  return page <= 1 ? BLOG_PATH : `${BLOG_PATH}page/${page}/`;
}

export function authorPath(id: string): string {
  return `${BLOG_PATH}authors/${id}/`;
}
