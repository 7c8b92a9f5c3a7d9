import type { Pagination } from "../templates/index.ts";

export interface Page<T> {
  path: string;
  items: T[];
  pagination: Pagination;
}

/**
 * Splits a list into pages of `perPage` at the paths `pathFor(1)`, `pathFor(2)`…; an empty
 * list still has its first page, so a category or author without posts keeps its URL.
 */
export function paginate<T>(
  items: readonly T[],
  perPage: number,
  pathFor: (page: number) => string,
): Page<T>[] {
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  return Array.from({ length: pageCount }, (_, index) => {
    const currentPage = index + 1;
    return {
      path: pathFor(currentPage),
      items: items.slice(index * perPage, currentPage * perPage),
      pagination: {
        currentPage,
        pageCount,
        previousPath: currentPage > 1 ? pathFor(currentPage - 1) : null,
        nextPath: currentPage < pageCount ? pathFor(currentPage + 1) : null,
      },
    };
  });
}
