/**
 * Resources (ebooks, reports, templates): the list and one page per resource, whose download
 * is gated by a lead form. The page names the file only in the block a successful submission
 * reveals (src/templates/resource.tsx).
 */
import { pendingImage } from "../images/index.ts";
import { componentChunkName } from "../site/index.ts";
import type { PostSummary, ResourceData, ResourceSummary } from "../templates/index.ts";
import { blogPostPath, RESOURCES_PATH, resourcePath } from "../templates/index.ts";
import type { ResourceEntry } from "./collections.ts";
import type { SiteContent } from "./content.ts";
import { placedForms } from "./forms.ts";
import type { HeadBuilder, Route } from "./routes.ts";

/** Other resources suggested under a resource. */
export const MORE_RESOURCES = 3;

function resourceSummary(entry: ResourceEntry, preset: "illustration" | "cover"): ResourceSummary {
  const fm = entry.frontMatter;
  return {
    slug: entry.slug,
    path: resourcePath(entry.slug),
    title: fm.title,
    description: fm.description,
    kind: fm.kind,
    date: fm.date,
    image: pendingImage(fm.image, preset, { file: entry.file, field: "image" }),
  };
}

export function resourceRoutes(
  content: SiteContent,
  head: HeadBuilder,
  postSummaries: readonly PostSummary[],
): Route[] {
  if (content.resources.length === 0) return [];
  const cards = content.resources.map((entry) => resourceSummary(entry, "illustration"));
  const routes: Route[] = [];
  const list: ResourceData = { resource: null, resources: cards };
  routes.push({
    path: RESOURCES_PATH,
    componentChunkName: componentChunkName("templates", "resource"),
    head: head(
      RESOURCES_PATH,
      "Resources for support teams",
      `Free ebooks, reports and templates from ${content.settings.productName} for running a calm, fast support team.`,
    ),
    pageContext: {},
    data: list,
    inSitemap: true,
  });
  const postsByPath = new Map(postSummaries.map((post) => [post.path, post]));

  content.resources.forEach((entry, index) => {
    const fm = entry.frontMatter;
    const [form] = placedForms(content.forms, [fm.form]);
    if (!form) throw new Error(`${entry.file}: the form "${fm.form}" is missing`);
    const summary = resourceSummary(entry, "cover");
    const others = cards.filter((_, other) => other !== index);
    const data: ResourceData = {
      resource: {
        ...summary,
        html: "",
        highlights: fm.highlights,
        download: fm.download,
        form,
        related: fm.related.flatMap((slug) => {
          const post = postsByPath.get(blogPostPath(slug));
          return post ? [post] : [];
        }),
      },
      // Same kind first, then the newest of the rest.
      resources: [
        ...others.filter((other) => other.kind === fm.kind),
        ...others.filter((other) => other.kind !== fm.kind),
      ].slice(0, MORE_RESOURCES),
    };
    routes.push({
      path: summary.path,
      componentChunkName: componentChunkName("templates", "resource"),
      head: head(summary.path, fm.title, fm.description),
      pageContext: { resource: entry.slug },
      data,
      markdown: { target: "resource", body: entry.body },
      inSitemap: true,
    });
  });
  return routes;
}
