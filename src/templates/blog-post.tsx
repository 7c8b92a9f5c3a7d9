import { formatDate } from "../lib/index.ts";
import { followSameSiteLink, Link, type PageProps } from "../runtime/index.ts";
import { Image, RichText } from "../ui/index.ts";
import type { BlogPostData } from "./data.ts";
import { authorPath, BLOG_PATH } from "./paths.ts";

export default function BlogPostTemplate({ data }: PageProps<BlogPostData>) {
  const { post, newer, older } = data;
  return (
    <article className="mx-auto max-w-3xl px-6 py-16">
      <p className="text-sm">
        <Link to={BLOG_PATH} className="text-cobalt hover:underline">
          Blog
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{post.title}</h1>
      <p className="mt-3 flex items-center gap-3 text-sm text-slate">
        {post.authorPortrait && <Image image={post.authorPortrait} className="rounded-full" />}
        <span>
          <time dateTime={post.date}>{formatDate(post.date)}</time> ·{" "}
          <Link to={authorPath(post.author.id)} className="hover:underline">
            {post.author.name}
          </Link>
        </span>
      </p>
      {post.image && <Image image={post.image} className="mt-8 rounded-2xl" />}
      <RichText html={post.html} className="mt-10" onClick={followSameSiteLink} />
      {post.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-tint px-3 py-1 text-sm text-charcoal">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="More posts" className="mt-12 flex justify-between gap-6">
        {newer ? (
          <Link to={newer.path} rel="next">
            Newer: {newer.title}
          </Link>
        ) : (
          <span />
        )}
        {older && (
          <Link to={older.path} rel="prev">
            Older: {older.title}
          </Link>
        )}
      </nav>
    </article>
  );
}
