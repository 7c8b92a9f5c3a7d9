import type { BlogPosting, BreadcrumbList, Organization, WebSite, WithContext } from "schema-dts";
import type { Route } from "./routes.ts";

/**
 * JSON-LD for a page (spec §7), typed with schema-dts and emitted at build time into the head
 * as `<script type="application/ld+json">`: a data block browsers never execute, so the CSP
 * needs no exception. WebSite and Organization everywhere; BreadcrumbList below the home page;
 * BlogPosting with its author on posts.
 */

export interface StructuredDataSite {
  siteName: string;
  siteUrl: string;
  description?: string;
  /** Social profile URLs (Organization.sameAs). */
  sameAs?: readonly string[];
}

export type JsonLd =
  | WithContext<WebSite>
  | WithContext<Organization>
  | WithContext<BreadcrumbList>
  | WithContext<BlogPosting>;

function website(site: StructuredDataSite): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.siteName,
    url: new URL("/", site.siteUrl).href,
    ...(site.description ? { description: site.description } : {}),
  };
}

function organization(site: StructuredDataSite): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.siteName,
    url: new URL("/", site.siteUrl).href,
    logo: new URL("/icons/icon-512.png", site.siteUrl).href,
    ...(site.sameAs && site.sameAs.length > 0 ? { sameAs: [...site.sameAs] } : {}),
  };
}

/** Home › each parent segment (titled from its slug) › this page (its title). */
function breadcrumbs(route: Route, site: StructuredDataSite): WithContext<BreadcrumbList> | null {
  const segments = route.path.split("/").filter(Boolean);
  if (segments.length === 0 || route.path.endsWith(".html")) return null;
  const items = [{ name: "Home", path: "/" }];
  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join("/")}/`;
    const last = index === segments.length - 1;
    const name = last
      ? route.head.title
      : segment.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());
    items.push({ name, path });
  });
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: new URL(item.path, site.siteUrl).href,
    })),
  };
}

function blogPosting(route: Route, site: StructuredDataSite): WithContext<BlogPosting> | null {
  if (route.componentChunkName !== "template---blog-post") return null;
  const { post } = route.data;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    url: route.head.canonical,
    mainEntityOfPage: route.head.canonical,
    author: {
      "@type": "Person",
      name: post.author.name,
      url: new URL(`/blog/authors/${post.author.id}/`, site.siteUrl).href,
    },
    publisher: { "@type": "Organization", name: site.siteName },
  };
}

/** Every JSON-LD object of a route, in head order. */
export function structuredDataFor(route: Route, site: StructuredDataSite): JsonLd[] {
  return [
    website(site),
    organization(site),
    breadcrumbs(route, site),
    blogPosting(route, site),
  ].filter((item): item is JsonLd => item !== null);
}

/**
 * The JSON inside a `<script type="application/ld+json">`: `<` is escaped so no value can
 * close the element (or open a comment) early; JSON parsers read `\u003c` as `<`.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
