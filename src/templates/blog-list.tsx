import type { PageProps } from "../runtime/index.ts";
import type { BlogListData } from "./data.ts";
import { CategoryNav } from "./parts/category-nav.tsx";
import { PaginationNav } from "./parts/pagination.tsx";
import { PostCard, PostList } from "./parts/post-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { BLOG_FEED_PATH } from "./paths.ts";

/** The blog home (page 1: featured posts and categories) and its older pages. */
export default function BlogListTemplate({ data }: PageProps<BlogListData>) {
  const { pagination, featured, categories } = data;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-4xl font-bold tracking-tight text-charcoal">
          Blog{pagination.currentPage > 1 ? ` — page ${pagination.currentPage}` : ""}
        </h1>
        <div className="flex items-center gap-4 text-sm">
          <a href={BLOG_FEED_PATH} className="text-cobalt hover:underline">
            Atom feed
          </a>
          <SearchButton />
        </div>
      </div>
      {pagination.currentPage === 1 && (
        <p className="mt-4 text-lg text-slate">
          Field notes on running a calm, fast support team: metrics, hiring, self-service and AI,
          from people who still answer tickets.
        </p>
      )}
      <CategoryNav categories={categories} />
      {featured.length > 0 && (
        <section aria-labelledby="featured-posts" className="mt-12">
          <h2
            id="featured-posts"
            className="text-sm font-semibold tracking-wide text-slate uppercase"
          >
            Featured
          </h2>
          <ul className="mt-4 grid gap-6 l:grid-cols-3">
            {featured.map((post) => (
              <li key={post.slug} className="rounded-lg border border-charcoal-tint p-5">
                <PostCard post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="latest-posts" className="mt-12">
        <h2 id="latest-posts" className="text-sm font-semibold tracking-wide text-slate uppercase">
          {pagination.currentPage === 1 ? "Latest posts" : "Older posts"}
        </h2>
        <PostList posts={data.posts} headingLevel={3} />
      </section>
      <PaginationNav pagination={pagination} label="Blog pages" />
    </div>
  );
}
