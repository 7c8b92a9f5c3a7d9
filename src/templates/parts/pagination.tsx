import { Link } from "../../runtime/index.ts";
import type { Pagination } from "../data.ts";

/** Visible previous/next links of a paginated list (the same pages as `<link rel>` in head). */
export function PaginationNav({ pagination, label }: { pagination: Pagination; label: string }) {
  const { currentPage, pageCount, previousPath, nextPath } = pagination;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-12 flex items-center justify-between gap-4 text-base">
      {previousPath ? (
        <Link to={previousPath} rel="prev" className="font-semibold text-cobalt hover:underline">
          ← Newer posts
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate">
        Page {currentPage} of {pageCount}
      </p>
      {nextPath ? (
        <Link to={nextPath} rel="next" className="font-semibold text-cobalt hover:underline">
          Older posts →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
