import { announceSubmitted, LeadForm } from "../lead-form/index.ts";
import { Link, type PageProps } from "../runtime/index.ts";
import type { BlogListData } from "./data.ts";
import { PostList } from "./parts/post-list.tsx";
import { blogListPath } from "./paths.ts";

export default function BlogListTemplate({ data, location }: PageProps<BlogListData>) {
  const { currentPage, pageCount } = data;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold tracking-tight text-charcoal">
        Blog{currentPage > 1 ? ` — page ${currentPage}` : ""}
      </h1>
      <PostList posts={data.posts} />
      {data.newsletter ? (
        <section aria-labelledby="blog-newsletter" className="mt-16">
          <h2 id="blog-newsletter" className="text-2xl font-bold text-charcoal">
            Get the best of the blog, once a month
          </h2>
          <LeadForm
            form={data.newsletter}
            pagePath={location.pathname}
            pageTitle="Blog"
            onSubmitted={announceSubmitted}
            className="mt-4"
          />
        </section>
      ) : null}
      {pageCount > 1 && (
        <nav aria-label="Blog pages" className="mt-12 flex justify-between">
          {currentPage > 1 ? (
            <Link to={blogListPath(currentPage - 1)} rel="prev">
              Newer posts
            </Link>
          ) : (
            <span />
          )}
          {currentPage < pageCount && (
            <Link to={blogListPath(currentPage + 1)} rel="next">
              Older posts
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
