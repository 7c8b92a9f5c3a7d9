import { formatDate } from "../lib/index.ts";
import { followSameSiteLink, Link, type PageProps } from "../runtime/index.ts";
import { Badge, buttonClassName, Card, Container, Heading, Image, RichText } from "../ui/index.ts";
import type { BookData } from "./data.ts";
import { ChapterList } from "./parts/chapter-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { authorPath } from "./paths.ts";

/** `/books/{book}/{chapter}/`: one chapter, the contents and previous/next chapter links. */
function Chapter({ data }: { data: BookData }) {
  const { book, previous, next } = data;
  const chapter = data.chapter as NonNullable<BookData["chapter"]>;
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
        <article data-search-body>
          <p className="text-sm font-semibold text-slate">
            Chapter {chapter.order} of {book.chapters.length} · {chapter.readingMinutes} min read
          </p>
          <Heading level={1} className="mt-2">
            {chapter.title}
          </Heading>
          <p className="mt-3 text-lead text-slate">{chapter.description}</p>
          <RichText html={chapter.html} className="mt-8" onClick={followSameSiteLink} />
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

/**
 * A book in chapters: `/books/{book}/` shows the cover, the introduction and the contents;
 * each chapter has its own page (Chapter).
 */
export default function BookTemplate({ data }: PageProps<BookData>) {
  if (data.chapter) return <Chapter data={data} />;
  const { book } = data;
  const first = book.chapters[0];
  return (
    <Container width="narrow" className="py-section">
      <article data-search-body>
        <div className="flex flex-col gap-8 m:flex-row m:items-start">
          {/* On a phone the cover is the first screen's largest element: it loads at once. */}
          {book.cover && <Image image={book.cover} priority className="rounded-lg shadow-lg" />}
          <div>
            <Badge color="cobalt">A free book in {String(book.chapters.length)} chapters</Badge>
            <Heading level={1} className="mt-3">
              {book.title}
            </Heading>
            <p className="mt-3 text-sm text-slate" data-search-ignore>
              By{" "}
              <Link to={authorPath(book.author.id)} className="text-cobalt underline">
                {book.author.name}
              </Link>{" "}
              · <time dateTime={book.date}>{formatDate(book.date)}</time> · about{" "}
              {book.readingMinutes} min in all
            </p>
            {first && (
              <p className="mt-6">
                <Link to={first.path} className={buttonClassName({ size: "L" })}>
                  Start reading: {first.title}
                </Link>
              </p>
            )}
          </div>
        </div>
        <RichText html={book.html} className="mt-10" onClick={followSameSiteLink} />
      </article>
      <Card tone="tint" className="mt-12">
        <nav aria-labelledby="contents">
          <Heading level={2} size="h3" id="contents">
            Contents
          </Heading>
          <ChapterList chapters={book.chapters} withDescriptions />
        </nav>
      </Card>
    </Container>
  );
}
