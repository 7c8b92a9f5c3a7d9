/** The blog's Atom feed (RFC 4287): the latest posts with their full text. */
import type { SiteSettings } from "../content/index.ts";
import { BLOG_FEED_PATH, BLOG_PATH, blogPostPath } from "../templates/index.ts";
import type { PostEntry } from "./content.ts";
import { escapeHtml } from "./document.ts";

/** Entries in the feed: readers only need what is recent, and the file stays small. */
export const FEED_ENTRIES = 20;

export interface FeedAuthor {
  id: string;
  name: string;
}

const day = (date: string) => `${date}T00:00:00Z`;
const lastChange = (post: PostEntry) => post.frontMatter.updated ?? post.frontMatter.date;

/** The feed's title: its own <title>, and the name every page's head links it by. */
export function blogFeedTitle(settings: Pick<SiteSettings, "productName">): string {
  return `${settings.productName} blog`;
}

export function atomFeed(options: {
  settings: SiteSettings;
  /** Newest first, as content loading sorts them. */
  posts: readonly PostEntry[];
  authors: readonly FeedAuthor[];
  renderMarkdown: (markdown: string) => string;
}): string {
  const { settings, authors } = options;
  const url = (path: string) => escapeHtml(new URL(path, settings.siteUrl).href);
  const posts = options.posts.slice(0, FEED_ENTRIES);
  // The feed changed when its latest entry did: a revision of an older post counts.
  const updated = posts.reduce(
    (latest, post) => (lastChange(post) > latest ? lastChange(post) : latest),
    "1970-01-01",
  );
  const entries = posts.map((post) => {
    const fm = post.frontMatter;
    const author = authors.find((candidate) => candidate.id === fm.author)?.name ?? fm.author;
    return [
      "<entry>",
      `<id>${url(blogPostPath(post.slug))}</id>`,
      `<title>${escapeHtml(fm.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${url(blogPostPath(post.slug))}"/>`,
      `<published>${day(fm.date)}</published>`,
      `<updated>${day(lastChange(post))}</updated>`,
      `<author><name>${escapeHtml(author)}</name></author>`,
      ...(fm.category ? [`<category term="${escapeHtml(fm.category)}"/>`] : []),
      `<summary>${escapeHtml(fm.description)}</summary>`,
      `<content type="html">${escapeHtml(options.renderMarkdown(post.body))}</content>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${url(BLOG_PATH)}</id>`,
    `<title>${escapeHtml(blogFeedTitle(settings))}</title>`,
    `<subtitle>${escapeHtml(settings.description)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${url(BLOG_FEED_PATH)}"/>`,
    `<link rel="alternate" type="text/html" href="${url(BLOG_PATH)}"/>`,
    `<updated>${day(updated)}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
