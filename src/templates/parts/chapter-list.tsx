import { Link } from "../../runtime/index.ts";
import type { ChapterLink } from "../data.ts";

/** A book's contents: every chapter in order, the current one marked. */
export function ChapterList({
  chapters,
  current,
  withDescriptions = false,
}: {
  chapters: ChapterLink[];
  current?: string;
  withDescriptions?: boolean;
}) {
  return (
    <ol className="mt-4 grid gap-3">
      {chapters.map((chapter) => (
        <li key={chapter.slug}>
          <Link
            to={chapter.path}
            aria-current={chapter.slug === current ? "page" : undefined}
            className={
              chapter.slug === current
                ? "font-semibold text-charcoal"
                : "font-semibold text-cobalt hover:underline"
            }
          >
            {chapter.order}. {chapter.title}
          </Link>
          {withDescriptions && <p className="mt-1 text-slate">{chapter.description}</p>}
        </li>
      ))}
    </ol>
  );
}
