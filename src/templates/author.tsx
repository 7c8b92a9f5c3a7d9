import type { PageProps } from "../runtime/index.ts";
import { Image } from "../ui/index.ts";
import type { AuthorPageData } from "./data.ts";
import { PaginationNav } from "./parts/pagination.tsx";
import { PostList } from "./parts/post-list.tsx";

/** An author's bio and their posts, paginated. The portrait waits for the image pipeline. */
export default function AuthorTemplate({ data }: PageProps<AuthorPageData>) {
  const { author, posts, pagination } = data;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <div className="flex items-center gap-6">
        {author.portrait && <Image image={author.portrait} className="rounded-full" />}
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-charcoal">{data.headline}</h1>
          {author.role && <p className="mt-2 text-lg text-slate">{author.role}</p>}
        </div>
      </div>
      {author.bio && <p className="mt-4 text-charcoal">{author.bio}</p>}
      <h2 className="mt-12 text-xl font-semibold text-charcoal">
        Posts by {author.name}
        {pagination.currentPage > 1 ? `, page ${pagination.currentPage}` : ""}
      </h2>
      <PostList posts={posts} headingLevel={3} />
      <PaginationNav pagination={pagination} label={`Pages of posts by ${author.name}`} />
    </div>
  );
}
