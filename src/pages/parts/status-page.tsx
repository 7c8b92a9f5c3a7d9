import type { ReactNode } from "react";
import { Link } from "../../runtime/index.ts";

/** The shared layout of the 404 and 500 pages: status code, headline, explanation, way home. */
export function StatusPage(props: {
  code: string;
  codeClassName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-6 py-24 text-center">
      <p className={`text-sm font-semibold uppercase tracking-wide ${props.codeClassName}`}>
        {props.code}
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-charcoal">{props.title}</h1>
      <p className="mt-4 text-lg text-slate">{props.children}</p>
      <p className="mt-8">
        <Link to="/" className="font-semibold text-cobalt hover:underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
