import { Link } from "../../runtime/index.ts";
import type { CategoryLink } from "../data.ts";
import { BLOG_PATH } from "../paths.ts";

/** Links to every blog category; the current one is marked for assistive technology. */
export function CategoryNav({
  categories,
  current,
}: {
  categories: CategoryLink[];
  current?: string;
}) {
  if (categories.length === 0) return null;
  const item = "inline-block rounded-full border px-4 py-1.5 text-sm font-semibold";
  return (
    <nav aria-label="Blog categories" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={BLOG_PATH}
            className={`${item} border-charcoal-tint text-charcoal hover:border-cobalt`}
          >
            All posts
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={category.path}
              aria-current={category.id === current ? "page" : undefined}
              className={
                category.id === current
                  ? `${item} border-charcoal bg-charcoal text-white`
                  : `${item} border-charcoal-tint text-charcoal hover:border-cobalt`
              }
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
