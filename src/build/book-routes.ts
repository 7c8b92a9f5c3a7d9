/** Books: a cover page with the contents, then one page per chapter with previous/next. */
import { pendingImage } from "../images/index.ts";
import { readingTimeMinutes } from "../lib/index.ts";
import { componentChunkName } from "../site/index.ts";
import type { BookSummary, ChapterLink } from "../templates/index.ts";
import { bookPath, chapterPath } from "../templates/index.ts";
import type { SiteContent } from "./content.ts";
import type { HeadBuilder, Route } from "./routes.ts";

export function bookRoutes(
  content: SiteContent,
  head: HeadBuilder,
  canonical: (path: string) => string,
): Route[] {
  const routes: Route[] = [];
  for (const book of content.books) {
    const fm = book.frontMatter;
    const author = content.authors.find((candidate) => candidate.id === fm.author);
    const chapters: ChapterLink[] = book.chapters.map((chapter) => ({
      slug: chapter.slug,
      path: chapterPath(book.slug, chapter.slug),
      title: chapter.frontMatter.title,
      description: chapter.frontMatter.description,
      order: chapter.frontMatter.order,
    }));
    const summary: BookSummary = {
      slug: book.slug,
      path: bookPath(book.slug),
      title: fm.title,
      description: fm.description,
      author: {
        id: fm.author,
        name: author?.name ?? fm.author,
        ...(author?.role ? { role: author.role } : {}),
      },
      date: fm.date,
      chapters,
    };
    const totalMinutes = [book.body, ...book.chapters.map((chapter) => chapter.body)]
      .map((body) => readingTimeMinutes(body))
      .reduce((sum, minutes) => sum + minutes, 0);
    routes.push({
      path: summary.path,
      componentChunkName: componentChunkName("templates", "book"),
      head: head(summary.path, fm.title, fm.description, { type: "book" }),
      pageContext: { book: book.slug },
      data: {
        book: {
          ...summary,
          html: "",
          readingMinutes: totalMinutes,
          ...(fm.cover
            ? { cover: pendingImage(fm.cover, "bookCover", { file: book.file, field: "cover" }) }
            : {}),
        },
        chapter: null,
        previous: null,
        next: chapters[0] ?? null,
      },
      markdown: { target: "book", body: book.body },
      inSitemap: true,
    });
    book.chapters.forEach((chapter, index) => {
      const link = chapters[index] as ChapterLink;
      routes.push({
        path: link.path,
        // The book's one template shows its cover page or, as here, a chapter.
        componentChunkName: componentChunkName("templates", "book"),
        head: head(link.path, `${link.title} · ${fm.title}`, link.description, {
          type: "article",
          ...(chapters[index - 1]
            ? { prev: canonical((chapters[index - 1] as ChapterLink).path) }
            : {}),
          ...(chapters[index + 1]
            ? { next: canonical((chapters[index + 1] as ChapterLink).path) }
            : {}),
        }),
        pageContext: { book: book.slug, chapter: chapter.slug },
        data: {
          book: { ...summary, html: "", readingMinutes: totalMinutes },
          chapter: { ...link, html: "", readingMinutes: readingTimeMinutes(chapter.body) },
          previous: chapters[index - 1] ?? null,
          next: chapters[index + 1] ?? null,
        },
        markdown: { target: "chapter", body: chapter.body },
        inSitemap: true,
      });
    });
  }
  return routes;
}
