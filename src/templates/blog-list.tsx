import type { PageProps } from "../runtime/index.ts";
import { Card, Container, Heading } from "../ui/index.ts";
import type { BlogListData } from "./data.ts";
import { CategoryNav } from "./parts/category-nav.tsx";
import { DeferredLeadForm } from "./parts/deferred-lead-form.tsx";
import { PaginationNav } from "./parts/pagination.tsx";
import { PostCard, PostList } from "./parts/post-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { BLOG_FEED_PATH } from "./paths.ts";

/**
 * The blog home (page 1: featured posts and categories) and its older pages, and a
 * category's pages (`data.category`), which are the same list filtered.
 */
export default function BlogListTemplate({ data, location }: PageProps<BlogListData>) {
  const { pagination, featured, categories, category } = data;
  const first = pagination.currentPage === 1;
  const title = category?.name ?? "Blog";
  return (
    <Container width="narrow" className="py-section">
      {category && (
        <p className="text-sm font-semibold tracking-wide text-slate uppercase">Blog category</p>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <Heading level={1} className={category ? "mt-2" : undefined}>
          {first ? title : `${title} — page ${pagination.currentPage}`}
        </Heading>
        <div className="flex items-center gap-4 text-sm">
          <a href={BLOG_FEED_PATH} className="text-cobalt hover:underline">
            Atom feed
          </a>
          <SearchButton />
        </div>
      </div>
      {category ? (
        <p className="mt-4 text-lead text-slate">{category.description}</p>
      ) : (
        first && (
          <p className="mt-4 text-lead text-slate">
            Field notes on running a calm, fast support team: metrics, hiring, self-service and AI,
            from people who still answer tickets.
          </p>
        )
      )}
      <CategoryNav categories={categories} {...(category ? { current: category.id } : {})} />
      {featured.length > 0 && (
        <section aria-labelledby="featured-posts" className="mt-12">
          <Heading
            level={2}
            size="h4"
            id="featured-posts"
            className="tracking-wide text-slate uppercase"
          >
            Featured
          </Heading>
          <ul className="mt-4 grid gap-6 l:grid-cols-3">
            {featured.map((post) => (
              <li key={post.slug}>
                <Card className="h-full">
                  <PostCard post={post} headingLevel={3} compact />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
      {category ? (
        <PostList posts={data.posts} />
      ) : (
        <section aria-labelledby="latest-posts" className="mt-12">
          <Heading
            level={2}
            size="h4"
            id="latest-posts"
            className="tracking-wide text-slate uppercase"
          >
            {first ? "Latest posts" : "Older posts"}
          </Heading>
          <PostList posts={data.posts} headingLevel={3} />
        </section>
      )}
      <PaginationNav
        pagination={pagination}
        label={category ? `${category.name} pages` : "Blog pages"}
      />
      {data.newsletter ? (
        <Card tone="tint" className="mt-16">
          <section aria-labelledby="blog-newsletter">
            <Heading level={2} size="h3" id="blog-newsletter">
              Get the best of the blog, once a month
            </Heading>
            {/* At the foot of the list: its code loads only when a visitor comes near it. */}
            <DeferredLeadForm
              form={data.newsletter}
              pagePath={location.pathname}
              pageTitle="Blog"
              className="mt-4"
            />
          </section>
        </Card>
      ) : null}
    </Container>
  );
}
