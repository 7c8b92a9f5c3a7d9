import { followSameSiteLink, Link, type PageProps } from "../runtime/index.ts";
import { Badge, Card, Container, Grid, Heading, RichText } from "../ui/index.ts";
import type { IntegrationData, IntegrationSummary } from "./data.ts";
import { SearchButton } from "./parts/search-button.tsx";
import { integrationDirectoryPath } from "./paths.ts";

function IntegrationCard({ integration }: { integration: IntegrationSummary }) {
  return (
    <Card className="h-full">
      <article>
        <Badge color="slate-tint" size="XS">
          {integration.category.name}
        </Badge>
        <Link to={integration.path} className="mt-2 block text-charcoal hover:underline">
          <Heading level={2} size="h4">
            {integration.title}
          </Heading>
        </Link>
        <p className="mt-2 text-slate">{integration.description}</p>
        <p className="mt-3 text-sm text-slate">Built by {integration.builtBy}</p>
      </article>
    </Card>
  );
}

/**
 * The integrations directory. Its category filters are plain links, one URL per category,
 * so filtering works without JavaScript and every filtered view can be shared and indexed.
 */
function Directory({ data }: { data: IntegrationData }) {
  const { category, categories, integrations } = data;
  const filter = "inline-block rounded-full border px-4 py-1.5 text-sm font-semibold";
  const current = `${filter} border-charcoal bg-charcoal text-white`;
  const other = `${filter} border-charcoal-tint text-charcoal hover:border-cobalt`;
  return (
    <Container className="py-section">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <Heading level={1}>
          {category ? `${category.name} integrations` : "Integrations directory"}
        </Heading>
        <SearchButton />
      </div>
      <p className="mt-4 max-w-2xl text-lead text-slate">
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
      <Grid columns={3} className="mt-4">
        {integrations.map((integration) => (
          <IntegrationCard key={integration.slug} integration={integration} />
        ))}
      </Grid>
    </Container>
  );
}

/** `/integrations/{slug}/`: what the integration does, who builds it and which plans have it. */
export default function IntegrationTemplate({ data }: PageProps<IntegrationData>) {
  const { integration, integrations: related } = data;
  if (!integration) return <Directory data={data} />;
  return (
    <Container width="narrow" className="py-section">
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
      <article data-search-body>
        <Heading level={1} className="mt-4">
          {`${integration.title} integration`}
        </Heading>
        <p className="mt-3 text-lead text-slate">{integration.description}</p>
        <dl className="mt-6 grid gap-x-6 gap-y-2 rounded-2xl bg-slate-tint p-6 text-sm s:grid-cols-[auto_1fr]">
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
        <RichText html={integration.html} className="mt-8" onClick={followSameSiteLink} />
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-integrations" className="mt-12">
          <Heading level={2} size="h3" id="related-integrations">
            {`More ${integration.category.name.toLowerCase()} integrations`}
          </Heading>
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
    </Container>
  );
}
