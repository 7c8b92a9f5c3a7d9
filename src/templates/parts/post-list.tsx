import { formatDate } from "../../lib/index.ts";
import { Link } from "../../runtime/index.ts";
import { Badge, Heading } from "../../ui/index.ts";
import type { PostSummary } from "../data.ts";

/** The date, author and reading time of a post, as one line. */
export function PostMeta({ post, withAuthor = true }: { post: PostSummary; withAuthor?: boolean }) {
  return (
    <p className="mt-1 text-sm text-slate">
      <time dateTime={post.date}>{formatDate(post.date)}</time>
      {withAuthor && <> · {post.author.name}</>} · {post.readingMinutes} min read
    </p>
  );
}

/** One post in a list: its category, title (the link), meta line and summary. */
export function PostCard({
  post,
  headingLevel = 2,
  compact = false,
}: {
  post: PostSummary;
  headingLevel?: 2 | 3;
  /** In a narrow card: a smaller title. */
  compact?: boolean;
}) {
  return (
    <article>
      {post.category && (
        <Badge color="slate-tint" size="S">
          {post.category.name}
        </Badge>
      )}
      <Link to={post.path} className="mt-2 block text-charcoal hover:underline">
        <Heading level={headingLevel} size={compact ? "h4" : "h3"}>
          {post.title}
        </Heading>
      </Link>
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
    <ul className="mt-8 grid gap-10">
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
