import { Link, navigate, type PageProps } from "../runtime/index.ts";
import { Container, Heading, RichText } from "../ui/index.ts";
import type { BookChapterData } from "./data.ts";
import { ChapterList } from "./parts/chapter-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";

/** `/books/{book}/{chapter}/`: one chapter, the contents and previous/next chapter links. */
export default function BookChapterTemplate({ data }: PageProps<BookChapterData>) {
  const { book, chapter, previous, next } = data;
  return (
    <Container className="grid gap-10 py-section l:grid-cols-[16rem_1fr]">
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
          <Heading level={1} className="mt-2">
            {chapter.title}
          </Heading>
          <p className="mt-3 text-lead text-slate">{chapter.description}</p>
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
    </Container>
  );
}
