import { Link, navigate, type PageProps } from "../runtime/index.ts";
import { RichText } from "../ui/index.ts";
import type { IntegrationData } from "./data.ts";
import { integrationDirectoryPath } from "./paths.ts";

/** `/integrations/{slug}/`: what the integration does, who builds it and which plans have it. */
export default function IntegrationTemplate({ data }: PageProps<IntegrationData>) {
  const { integration, related } = data;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex gap-2">
          <li>
            <Link to={integrationDirectoryPath()} className="text-cobalt hover:underline">
              Integrations
            </Link>
          </li>
          <li>
            <span aria-hidden="true">/ </span>
            <Link to={integration.category.path} className="text-cobalt hover:underline">
              {integration.category.name}
            </Link>
          </li>
        </ol>
      </nav>
      <article data-pagefind-body>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-charcoal">
          {integration.title} integration
        </h1>
        <p className="mt-3 text-lg text-slate">{integration.description}</p>
        <dl className="mt-6 grid gap-x-6 gap-y-2 rounded-lg bg-slate-tint p-5 text-sm s:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-charcoal">Plans</dt>
          <dd className="text-charcoal">{integration.plans}</dd>
          <dt className="font-semibold text-charcoal">Built and supported by</dt>
          <dd className="text-charcoal">{integration.builtBy}</dd>
          <dt className="font-semibold text-charcoal">Website</dt>
          <dd>
            <a href={integration.website} className="text-cobalt underline" rel="noopener">
              {new URL(integration.website).hostname}
            </a>
          </dd>
        </dl>
        <RichText html={integration.html} className="mt-8" onNavigate={navigate} />
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-integrations" className="mt-12">
          <h2 id="related-integrations" className="text-xl font-semibold text-charcoal">
            More {integration.category.name.toLowerCase()} integrations
          </h2>
          <ul className="mt-4 grid gap-3">
            {related.map((other) => (
              <li key={other.slug}>
                <Link to={other.path} className="font-semibold text-cobalt hover:underline">
                  {other.title}
                </Link>
                <span className="text-slate"> — {other.description}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
