import { announceSubmitted, LeadForm } from "../lead-form/index.ts";
import type { PageProps } from "../runtime/index.ts";
import { Card, Container, Heading } from "../ui/index.ts";
import type { BlogListData } from "./data.ts";
import { CategoryNav } from "./parts/category-nav.tsx";
import { PaginationNav } from "./parts/pagination.tsx";
import { PostCard, PostList } from "./parts/post-list.tsx";
import { SearchButton } from "./parts/search-button.tsx";
import { BLOG_FEED_PATH } from "./paths.ts";

/** The blog home (page 1: featured posts and categories) and its older pages. */
export default function BlogListTemplate({ data, location }: PageProps<BlogListData>) {
  const { pagination, featured, categories } = data;
  const first = pagination.currentPage === 1;
  return (
    <Container width="narrow" className="py-section">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <Heading level={1}>{first ? "Blog" : `Blog — page ${pagination.currentPage}`}</Heading>
        <div className="flex items-center gap-4 text-sm">
          <a href={BLOG_FEED_PATH} className="text-cobalt hover:underline">
            Atom feed
          </a>
          <SearchButton />
        </div>
      </div>
      {first && (
        <p className="mt-4 text-lead text-slate">
          Field notes on running a calm, fast support team: metrics, hiring, self-service and AI,
          from people who still answer tickets.
        </p>
      )}
      <CategoryNav categories={categories} />
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
                  <PostCard post={post} headingLevel={3} />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
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
      <PaginationNav pagination={pagination} label="Blog pages" />
      {data.newsletter ? (
        <Card tone="tint" className="mt-16">
          <section aria-labelledby="blog-newsletter">
            <Heading level={2} size="h3" id="blog-newsletter">
              Get the best of the blog, once a month
            </Heading>
            <LeadForm
              form={data.newsletter}
              pagePath={location.pathname}
              pageTitle="Blog"
              onSubmitted={announceSubmitted}
              className="mt-4"
            />
          </section>
        </Card>
      ) : null}
    </Container>
  );
}
