import { Link, type PageProps } from "../runtime/index.ts";

export default function NotFoundPage({ location }: PageProps) {
  return (
    <div className="mx-auto max-w-3xl px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-cobalt">404</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">Page not found</h1>
      <p className="mt-4 text-lg text-slate">
        We couldn’t find <code className="break-all">{location.pathname}</code>. It may have moved.
      </p>
      <p className="mt-8">
        <Link to="/" className="font-semibold text-cobalt hover:underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
