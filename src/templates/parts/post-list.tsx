import { formatDate } from "../../lib/index.ts";
import { Link } from "../../runtime/index.ts";
import type { PostSummary } from "../data.ts";

export function PostList({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="mt-10 grid gap-8">
      {posts.map((post) => (
        <li key={post.slug}>
          <article>
            <h2 className="text-2xl font-semibold text-charcoal">
              <Link to={post.path} className="hover:underline">
                {post.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate">
              <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.author.name}
            </p>
            <p className="mt-2 text-slate">{post.description}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
