import { formatDate } from "../lib/index.ts";
import { Link, navigate, type PageProps } from "../runtime/index.ts";
import { RichText } from "../ui/index.ts";
import type { BlogPostData } from "./data.ts";
import { CATEGORY_LABEL, PostList } from "./parts/post-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { TableOfContents } from "./parts/toc.tsx";
import { authorPath, BLOG_PATH } from "./paths.ts";

export default function BlogPostTemplate({ data }: PageProps<BlogPostData>) {
  const { post, newer, older, toc, related } = data;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
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
      <article data-pagefind-body>
        <header>
          {post.category && (
            <span className={`${CATEGORY_LABEL} mt-6`} data-pagefind-filter="category">
              {post.category.name}
            </span>
          )}
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{post.title}</h1>
          <p className="mt-3 text-sm text-slate" data-pagefind-ignore>
            <time dateTime={post.date}>{formatDate(post.date)}</time> ·{" "}
            <Link to={authorPath(post.author.id)} className="text-cobalt underline">
              {post.author.name}
            </Link>
            {post.author.role && <>, {post.author.role}</>} · {post.readingMinutes} min read
          </p>
        </header>
        <TableOfContents entries={toc} label="In this post" />
        <RichText html={post.html} className="mt-10" onNavigate={navigate} />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2" data-pagefind-ignore>
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-tint px-3 py-1 text-sm text-charcoal">
                {tag}
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
          <h2 id="related-posts" className="text-xl font-semibold text-charcoal">
            Related posts
          </h2>
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
    </div>
  );
}
