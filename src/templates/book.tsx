import { formatDate } from "../lib/index.ts";
import { Link, navigate, type PageProps } from "../runtime/index.ts";
import { buttonClassName, RichText } from "../ui/index.ts";
import type { BookData } from "./data.ts";
import { ChapterList } from "./parts/chapter-list.tsx";
import { authorPath } from "./paths.ts";

/** `/books/{book}/`: the introduction and the contents. */
export default function BookTemplate({ data }: PageProps<BookData>) {
  const { book } = data;
  const first = book.chapters[0];
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <article data-pagefind-body>
        <p className="text-sm font-semibold tracking-wide text-slate uppercase">
          A free book in {book.chapters.length} chapters
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{book.title}</h1>
        <p className="mt-3 text-sm text-slate" data-pagefind-ignore>
          By{" "}
          <Link to={authorPath(book.author.id)} className="text-cobalt underline">
            {book.author.name}
          </Link>{" "}
          · <time dateTime={book.date}>{formatDate(book.date)}</time> · about {book.readingMinutes}{" "}
          min in all
        </p>
        <RichText html={book.html} className="mt-8" onNavigate={navigate} />
      </article>
      <nav aria-labelledby="contents" className="mt-12 rounded-lg bg-slate-tint p-6">
        <h2 id="contents" className="text-xl font-semibold text-charcoal">
          Contents
        </h2>
        <ChapterList chapters={book.chapters} withDescriptions />
      </nav>
      {first && (
        <p className="mt-10">
          <Link to={first.path} className={buttonClassName({ size: "L" })}>
            Start reading: {first.title}
          </Link>
        </p>
      )}
    </div>
  );
}
