import { Link, navigate, type PageProps } from "../runtime/index.ts";
import { RichText } from "../ui/index.ts";
import type { BookChapterData } from "./data.ts";
import { ChapterList } from "./parts/chapter-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";

/** `/books/{book}/{chapter}/`: one chapter, the contents and previous/next chapter links. */
export default function BookChapterTemplate({ data }: PageProps<BookChapterData>) {
  const { book, chapter, previous, next } = data;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-6 py-16 l:grid-cols-[16rem_1fr]">
      <nav aria-labelledby="book-contents" className="l:order-first">
        <h2 id="book-contents" className="text-sm font-semibold tracking-wide text-slate uppercase">
          <Link to={book.path} className="hover:underline">
            {book.title}
          </Link>
        </h2>
        <ChapterList chapters={book.chapters} current={chapter.slug} />
      </nav>
      <div className="min-w-0">
        <div className="flex justify-end">
          <SearchButton />
        </div>
        <article data-pagefind-body>
          <p className="text-sm font-semibold text-slate">
            Chapter {chapter.order} of {book.chapters.length} · {chapter.readingMinutes} min read
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{chapter.title}</h1>
          <p className="mt-3 text-lg text-slate">{chapter.description}</p>
          <RichText html={chapter.html} className="mt-8" onNavigate={navigate} />
        </article>
        <nav
          aria-label="Chapters"
          className="mt-12 flex flex-wrap justify-between gap-6 border-t border-charcoal-tint pt-6"
        >
          {previous ? (
            <Link to={previous.path} rel="prev" className="text-cobalt hover:underline">
              ← Previous chapter: {previous.title}
            </Link>
          ) : (
            <Link to={book.path} className="text-cobalt hover:underline">
              ← About this book
            </Link>
          )}
          {next && (
            <Link to={next.path} rel="next" className="text-cobalt hover:underline">
              Next chapter: {next.title} →
            </Link>
          )}
        </nav>
      </div>
    </div>
  );
}
