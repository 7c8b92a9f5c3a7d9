import { Link } from "../runtime/index.ts";

export default function ServerErrorPage() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-clay">500</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate">
        Our server had a problem showing this page. Please try again in a moment.
      </p>
      <p className="mt-8">
        <Link to="/" className="font-semibold text-cobalt hover:underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
