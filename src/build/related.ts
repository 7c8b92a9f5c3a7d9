/** What related-post scoring needs to know about a post. */
export interface RelatableItem {
  slug: string;
  category?: { id: string } | undefined;
  tags: readonly string[];
}

/** Points for sharing the category; each shared tag adds one. */
export const SAME_CATEGORY_SCORE = 2;
export const RELATED_POSTS = 3;

/**
 * The posts most like `post`: same category and shared tags score, posts with no score are
 * left out, ties keep the list's order (newest first). Never the post itself.
 */
export function relatedItems<T extends RelatableItem>(
  post: RelatableItem,
  all: readonly T[],
  limit = RELATED_POSTS,
): T[] {
  const tags = new Set(post.tags);
  return all
    .map((candidate, index) => {
      let score = candidate.tags.filter((tag) => tags.has(tag)).length;
      if (post.category && candidate.category?.id === post.category.id) {
        score += SAME_CATEGORY_SCORE;
      }
      return { candidate, index, score };
    })
    .filter(({ candidate, score }) => candidate.slug !== post.slug && score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
