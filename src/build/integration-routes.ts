/** The integrations directory (all, and one URL per category) and one page per integration. */
import { componentChunkName } from "../site/index.ts";
import type {
  IntegrationCategoryLink,
  IntegrationData,
  IntegrationSummary,
} from "../templates/index.ts";
import { integrationDirectoryPath, integrationPath } from "../templates/index.ts";
import type { SiteContent } from "./content.ts";
import type { HeadBuilder, Route } from "./routes.ts";

/** Other integrations of the same category shown on an integration's page. */
export const RELATED_INTEGRATIONS = 3;

export function integrationRoutes(content: SiteContent, head: HeadBuilder): Route[] {
  if (content.integrations.length === 0) return [];
  const { productName } = content.settings;
  const categories: IntegrationCategoryLink[] = content.integrationCategories.map((category) => ({
    id: category.id,
    name: category.name,
    path: integrationDirectoryPath(category.id),
  }));
  const byId = new Map(categories.map((category) => [category.id, category]));
  const summaries: IntegrationSummary[] = content.integrations.map((entry) => ({
    slug: entry.slug,
    path: integrationPath(entry.slug),
    title: entry.frontMatter.title,
    description: entry.frontMatter.description,
    category: byId.get(entry.frontMatter.category) as IntegrationCategoryLink,
    builtBy: entry.frontMatter.builtBy,
  }));

  const routes: Route[] = [];
  const directory = (data: IntegrationData, title: string, description: string) => {
    const path = data.category ? data.category.path : integrationDirectoryPath();
    routes.push({
      path,
      componentChunkName: componentChunkName("templates", "integration"),
      head: head(path, title, description),
      pageContext: { integrationCategory: data.category?.id ?? null },
      data,
      inSitemap: true,
    });
  };
  directory(
    { integration: null, category: null, categories, integrations: summaries },
    "Integrations directory",
    `Connect ${productName} to the tools your team already uses: CRM, e-commerce, chat, engineering and more.`,
  );
  for (const category of content.integrationCategories) {
    directory(
      {
        integration: null,
        category: {
          ...(byId.get(category.id) as IntegrationCategoryLink),
          description: category.description,
        },
        categories,
        integrations: summaries.filter((summary) => summary.category.id === category.id),
      },
      `${category.name} integrations`,
      category.description,
    );
  }

  content.integrations.forEach((entry, index) => {
    const summary = summaries[index] as IntegrationSummary;
    routes.push({
      path: summary.path,
      componentChunkName: componentChunkName("templates", "integration"),
      head: head(summary.path, `${summary.title} integration`, entry.frontMatter.description),
      pageContext: { integration: entry.slug },
      data: {
        integration: {
          ...summary,
          html: "",
          plans: entry.frontMatter.plans,
          website: entry.frontMatter.website,
        },
        category: null,
        categories,
        integrations: summaries
          .filter(
            (other) => other.category.id === summary.category.id && other.slug !== summary.slug,
          )
          .slice(0, RELATED_INTEGRATIONS),
      },
      markdown: { target: "integration", body: entry.body },
      inSitemap: true,
    });
  });
  return routes;
}
