import { Link, type PageProps } from "../runtime/index.ts";
import type { IntegrationDirectoryData } from "./data.ts";
import { integrationDirectoryPath } from "./paths.ts";

/**
 * The integrations directory. Its category filters are plain links, one URL per category,
 * so filtering works without JavaScript and every filtered view can be shared and indexed.
 */
export default function IntegrationDirectoryTemplate({
  data,
}: PageProps<IntegrationDirectoryData>) {
  const { category, categories, integrations } = data;
  const filter = "inline-block rounded-full border px-4 py-1.5 text-sm font-semibold";
  const current = `${filter} border-charcoal bg-charcoal text-white`;
  const other = `${filter} border-charcoal-tint text-charcoal hover:border-cobalt`;
  return (
    <div className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="text-4xl font-bold tracking-tight text-charcoal">
        {category ? `${category.name} integrations` : "Integrations directory"}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate">
        {category
          ? category.description
          : "Harbor Desk connects to the tools your team already uses, so agents see the whole customer without switching tabs."}
      </p>
      <nav aria-label="Filter integrations by category" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={integrationDirectoryPath()}
              aria-current={category ? undefined : "page"}
              className={category ? other : current}
            >
              All
            </Link>
          </li>
          {categories.map((item) => (
            <li key={item.id}>
              <Link
                to={item.path}
                aria-current={item.id === category?.id ? "page" : undefined}
                className={item.id === category?.id ? current : other}
              >
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-8 text-sm text-slate">
        {integrations.length} {integrations.length === 1 ? "integration" : "integrations"}
      </p>
      <ul className="mt-4 grid gap-6 m:grid-cols-2 l:grid-cols-3">
        {integrations.map((integration) => (
          <li key={integration.slug} className="rounded-lg border border-charcoal-tint p-5">
            <article>
              <p className="text-xs font-semibold tracking-wide text-slate uppercase">
                {integration.category.name}
              </p>
              <h2 className="mt-1 text-xl font-semibold text-charcoal">
                <Link to={integration.path} className="hover:underline">
                  {integration.title}
                </Link>
              </h2>
              <p className="mt-2 text-slate">{integration.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
