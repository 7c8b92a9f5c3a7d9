import { formatDate } from "../lib/index.ts";
import { Link, navigate, type PageProps } from "../runtime/index.ts";
import { Badge, buttonClassName, Card, Container, Heading, Image, RichText } from "../ui/index.ts";
import type { BookData } from "./data.ts";
import { ChapterList } from "./parts/chapter-list.tsx";
import { authorPath } from "./paths.ts";

/** `/books/{book}/`: the cover, the introduction and the contents. */
export default function BookTemplate({ data }: PageProps<BookData>) {
  const { book } = data;
  const first = book.chapters[0];
  return (
    <Container width="narrow" className="py-section">
      <article data-pagefind-body>
        <div className="flex flex-col gap-8 m:flex-row m:items-start">
          {book.cover && <Image image={book.cover} className="rounded-lg shadow-lg" />}
          <div>
            <Badge color="cobalt">A free book in {String(book.chapters.length)} chapters</Badge>
            <Heading level={1} className="mt-3">
              {book.title}
            </Heading>
            <p className="mt-3 text-sm text-slate" data-pagefind-ignore>
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
        <RichText html={book.html} className="mt-10" onNavigate={navigate} />
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
