import { formatDate } from "../../lib/index.ts";
import { Link } from "../../runtime/index.ts";
import type { PostSummary } from "../data.ts";

/**
 * A category label styled as the design system's slate-tint Badge (size S). Written out here
 * because importing Badge would put it in the runtime chunk every page loads first.
 */
export const CATEGORY_LABEL =
  "inline-flex items-center rounded-full bg-slate-tint px-2 text-xs leading-5 font-semibold tracking-wide whitespace-nowrap text-charcoal";

/** The date, author and reading time of a post, as one line. */
export function PostMeta({ post, withAuthor = true }: { post: PostSummary; withAuthor?: boolean }) {
  return (
    <p className="mt-1 text-sm text-slate">
      <time dateTime={post.date}>{formatDate(post.date)}</time>
      {withAuthor && <> · {post.author.name}</>} · {post.readingMinutes} min read
    </p>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article>
      {post.category && <span className={CATEGORY_LABEL}>{post.category.name}</span>}
      <Heading className="mt-2 text-2xl font-semibold text-charcoal">
        <Link to={post.path} className="hover:underline">
          {post.title}
        </Link>
      </Heading>
      <PostMeta post={post} />
      <p className="mt-2 text-slate">{post.description}</p>
    </article>
  );
}

export function PostList({
  posts,
  headingLevel = 2,
}: {
  posts: PostSummary[];
  headingLevel?: 2 | 3;
}) {
  if (posts.length === 0) return <p className="mt-10 text-slate">No posts here yet.</p>;
  return (
    <ul className="mt-10 grid gap-10">
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
