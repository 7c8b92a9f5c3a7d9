import type { PageProps } from "../runtime/index.ts";
import type { BlogCategoryData } from "./data.ts";
import { CategoryNav } from "./parts/category-nav.tsx";
import { PaginationNav } from "./parts/pagination.tsx";
import { PostList } from "./parts/post-list.tsx";

/** `/blog/category/{id}/` and its pages. */
export default function BlogCategoryTemplate({ data }: PageProps<BlogCategoryData>) {
  const { category, pagination } = data;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <p className="text-sm font-semibold tracking-wide text-slate uppercase">Blog category</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">
        {category.name}
        {pagination.currentPage > 1 ? ` — page ${pagination.currentPage}` : ""}
      </h1>
      <p className="mt-4 text-lg text-slate">{category.description}</p>
      <CategoryNav categories={data.categories} current={category.id} />
      <PostList posts={data.posts} />
      <PaginationNav pagination={pagination} label={`${category.name} pages`} />
    </div>
  );
}
