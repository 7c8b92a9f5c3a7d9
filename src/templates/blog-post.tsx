import { formatDate } from "../lib/index.ts";
import { followSameSiteLink, Link, type PageProps } from "../runtime/index.ts";
import { Badge, Container, Heading, Image, RichText } from "../ui/index.ts";
import type { BlogPostData } from "./data.ts";
import { PostList } from "./parts/post-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { TableOfContents } from "./parts/toc.tsx";
import { authorPath, BLOG_PATH } from "./paths.ts";

/**
 * A blog post: category, title, byline with portrait and reading time, the cover, a table of
 * contents for long posts, the body, tags, related posts and the newer/older neighbours.
 * Only the article is indexed for search (`data-search-body`).
 */
export default function BlogPostTemplate({ data }: PageProps<BlogPostData>) {
  const { post, newer, older, toc, related } = data;
  return (
    <Container width="narrow" className="py-section">
      <div className="flex items-center justify-between gap-4 text-sm">
        <nav aria-label="Breadcrumb">
          <ol className="flex gap-2">
            <li>
              <Link to={BLOG_PATH} className="text-cobalt hover:underline">
                Blog
              </Link>
            </li>
            {post.category && (
              <li>
                <span aria-hidden="true">/ </span>
                <Link to={post.category.path} className="text-cobalt hover:underline">
                  {post.category.name}
                </Link>
              </li>
            )}
          </ol>
        </nav>
        <SearchButton />
      </div>
      <article data-search-body>
        <header className="mt-6">
          {post.category && <Badge color="slate-tint">{post.category.name}</Badge>}
          <Heading level={1} className="mt-2">
            {post.title}
          </Heading>
          <p className="mt-4 flex items-center gap-3 text-sm text-slate" data-search-ignore>
            {post.authorPortrait && <Image image={post.authorPortrait} className="rounded-full" />}
            <span>
              <time dateTime={post.date}>{formatDate(post.date)}</time> ·{" "}
              {post.updated && (
                <>
                  Updated <time dateTime={post.updated}>{formatDate(post.updated)}</time> ·{" "}
                </>
              )}
              <Link to={authorPath(post.author.id)} className="text-cobalt underline">
                {post.author.name}
              </Link>
              {post.author.role && <>, {post.author.role}</>} · {post.readingMinutes} min read
            </span>
          </p>
        </header>
        {post.image && <Image image={post.image} className="mt-8 rounded-2xl" />}
        <TableOfContents entries={toc} label="In this post" />
        <RichText html={post.html} className="mt-10" onClick={followSameSiteLink} />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2" data-search-ignore>
            {post.tags.map((tag) => (
              <li key={tag}>
                <Badge color="charcoal-tint" size="M">
                  {tag.replaceAll("-", " ")}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </article>
      {related.length > 0 && (
        <section
          aria-labelledby="related-posts"
          className="mt-16 border-t border-charcoal-tint pt-10"
        >
          <Heading level={2} size="h3" id="related-posts">
            Related posts
          </Heading>
          <PostList posts={related} headingLevel={3} />
        </section>
      )}
      <nav aria-label="More posts" className="mt-12 flex justify-between gap-6">
        {newer ? (
          <Link to={newer.path} rel="next" className="text-cobalt hover:underline">
            Newer: {newer.title}
          </Link>
        ) : (
          <span />
        )}
        {older && (
          <Link to={older.path} rel="prev" className="text-cobalt hover:underline">
            Older: {older.title}
          </Link>
        )}
      </nav>
    </Container>
  );
}
