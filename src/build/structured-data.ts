import type {
  Answer,
  BlogPosting,
  BreadcrumbList,
  Event,
  FAQPage,
  Offer,
  Organization,
  Person,
  Question,
  SoftwareApplication,
  UnitPriceSpecification,
  WebSite,
  WithContext,
} from "schema-dts";
import {
  type PageEvent,
  PRICE_CURRENCY,
  type PricingPlan,
  type RenderedSection,
  type RenderedSectionOf,
} from "../content/index.ts";
import { NOT_FOUND_PAGE_PATH, SERVER_ERROR_PAGE_PATH } from "../protocol/index.ts";
import { authorPath } from "../templates/index.ts";
import type { Route } from "./routes.ts";
import { jsonInScript } from "./script-json.ts";

/**
 * JSON-LD for a page (spec §7), typed with schema-dts and emitted at build time into the head
 * as `<script type="application/ld+json">`: a data block browsers never execute, so the CSP
 * needs no exception. WebSite and Organization everywhere; BreadcrumbList below the home page;
 * BlogPosting with its author on posts; FAQPage where a page has FAQ sections;
 * SoftwareApplication with one Offer per priced plan where a page has a pricing table; Event
 * where a page's front matter describes one (the webinar). Everything is read from the route's
 * data, so the structured data always says what the page shows.
 */

export interface StructuredDataSite {
  siteName: string;
  siteUrl: string;
  description?: string;
  /** Social profile URLs (Organization.sameAs). */
  sameAs?: readonly string[];
  /** The <title> of each page others sit under, by path (PageInputs.sectionTitles). */
  sectionTitles?: Readonly<Record<string, string>>;
}

export type JsonLd =
  | WithContext<WebSite>
  | WithContext<Organization>
  | WithContext<BreadcrumbList>
  | WithContext<BlogPosting>
  | WithContext<FAQPage>
  | WithContext<SoftwareApplication>
  | WithContext<Event>;

const CONTEXT = "https://schema.org" as const;

/** The logo search engines show for the Organization (static/icons). */
const ORGANIZATION_LOGO_PATH = "/icons/icon-512.png";

/** How SoftwareApplication files Harbor Desk (schema.org's and Google's list of categories). */
const APPLICATION_CATEGORY = "BusinessApplication";
/** A web app: it runs in any browser. */
const OPERATING_SYSTEM = "Web";

const ERROR_PAGE_PATHS: ReadonlySet<string> = new Set([
  NOT_FOUND_PAGE_PATH,
  SERVER_ERROR_PAGE_PATH,
]);

/**
 * A root-relative path of plain segments (no empty, dot or percent-encoded ones), which the
 * URL parser would leave as it is: joined to the site's origin without parsing it.
 */
const PLAIN_ROOT_PATH = /^\/(?:[\w~-][\w.~-]*(?:\/|$))*$/;
const origins = new Map<string, string>();

/** `path` as an absolute URL on the site. `new URL` per link was a third of a post's JSON-LD. */
function absolute(path: string, site: StructuredDataSite): string {
  if (!PLAIN_ROOT_PATH.test(path)) return new URL(path, site.siteUrl).href;
  let origin = origins.get(site.siteUrl);
  if (origin === undefined) {
    origin = new URL(site.siteUrl).origin;
    origins.set(site.siteUrl, origin);
  }
  return origin + path;
}

function website(site: StructuredDataSite): WithContext<WebSite> {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: site.siteName,
    url: absolute("/", site),
    ...(site.description ? { description: site.description } : {}),
  };
}

/** The Organization as other items refer to it (publisher, organiser, offerer). */
function organizationRef(site: StructuredDataSite): Organization {
  return { "@type": "Organization", name: site.siteName, url: absolute("/", site) };
}

function organization(site: StructuredDataSite): WithContext<Organization> {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: site.siteName,
    url: absolute("/", site),
    logo: absolute(ORGANIZATION_LOGO_PATH, site),
    ...(site.sameAs && site.sameAs.length > 0 ? { sameAs: [...site.sameAs] } : {}),
  };
}

/** A page's own name: its <title> without the " | Harbor Desk" suffix. */
function pageName(title: string, site: StructuredDataSite): string {
  const suffix = ` | ${site.siteName}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

/**
 * Home › each page this one sits under › this page, each by its title. A path segment that is
 * no page (`/blog/authors/`, `/legal/`) is left out: a crumb must lead somewhere.
 */
function breadcrumbs(route: Route, site: StructuredDataSite): WithContext<BreadcrumbList> | null {
  const segments = route.path.split("/").filter(Boolean);
  if (segments.length === 0 || ERROR_PAGE_PATHS.has(route.path)) return null;
  const items = [{ name: "Home", path: "/" }];
  segments.forEach((_, index) => {
    const path = `/${segments.slice(0, index + 1).join("/")}/`;
    const title = index === segments.length - 1 ? route.head.title : site.sectionTitles?.[path];
    if (title !== undefined) items.push({ name: pageName(title, site), path });
  });
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absolute(item.path, site),
    })),
  };
}

function blogPosting(route: Route, site: StructuredDataSite): WithContext<BlogPosting> | null {
  if (route.componentChunkName !== "template---blog-post") return null;
  const { post } = route.data;
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    // The page's Open Graph card (or cover), as og:image gives it: Google asks for an image.
    ...(route.head.image ? { image: absolute(route.head.image, site) } : {}),
    url: route.head.canonical,
    mainEntityOfPage: route.head.canonical,
    author: {
      "@type": "Person",
      name: post.author.name,
      url: absolute(authorPath(post.author.id), site),
    },
    publisher: organizationRef(site),
  };
}

/** The sections of a page built from them (content, form and landing pages), else none. */
function pageSections(route: Route): readonly RenderedSection[] {
  switch (route.componentChunkName) {
    case "template---home":
    case "template---page":
    case "template---landing":
    case "template---form-page":
      return route.data.page.sections ?? [];
    default:
      return [];
  }
}

function sectionsOf<T extends RenderedSection["type"]>(
  route: Route,
  type: T,
): RenderedSectionOf<T>[] {
  return pageSections(route).filter(
    (section): section is RenderedSectionOf<T> => section.type === type,
  );
}

/**
 * FAQ answers are plain text with blank lines between paragraphs; JSON-LD carries the same
 * words, one space where the page breaks a paragraph.
 */
function answerText(answer: string): string {
  return answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" ");
}

/** One FAQPage per page (search engines read only one), with every FAQ section's questions. */
function faqPage(route: Route): WithContext<FAQPage> | null {
  const questions: Question[] = sectionsOf(route, "faq").flatMap((section) =>
    section.items.map(
      (item): Question => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: answerText(item.answer) } satisfies Answer,
      }),
    ),
  );
  if (questions.length === 0) return null;
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    url: route.head.canonical,
    mainEntity: questions,
  };
}

function unitPrice(price: number, plan: PricingPlan, billing: string): UnitPriceSpecification {
  return {
    "@type": "UnitPriceSpecification",
    name: billing,
    price,
    priceCurrency: PRICE_CURRENCY,
    unitText: plan.unit,
  };
}

/**
 * A plan with a price as an Offer: `price` is the month-to-month price (what a month costs
 * with nothing committed), the price specifications give both billing options as the table
 * shows them. Plans priced by quote ("Custom") have no price to state and are left out: an
 * Offer without a price is invalid for search engines.
 */
function planOffer(plan: PricingPlan, url: string, site: StructuredDataSite): Offer | null {
  if (!plan.price) return null;
  return {
    "@type": "Offer",
    name: plan.name,
    description: plan.description,
    url,
    price: plan.price.monthly,
    priceCurrency: PRICE_CURRENCY,
    priceSpecification: [
      unitPrice(plan.price.monthly, plan, "Billed monthly"),
      unitPrice(plan.price.annual, plan, "Billed annually"),
    ],
    offeredBy: organizationRef(site),
  };
}

/** The product with the plans and prices of the page's pricing tables. */
function softwareApplication(
  route: Route,
  site: StructuredDataSite,
): WithContext<SoftwareApplication> | null {
  const offers = sectionsOf(route, "pricing-table")
    .flatMap((table) => table.plans)
    .map((plan) => planOffer(plan, route.head.canonical, site))
    .filter((offer): offer is Offer => offer !== null);
  if (offers.length === 0) return null;
  return {
    "@context": CONTEXT,
    "@type": "SoftwareApplication",
    name: site.siteName,
    url: absolute("/", site),
    ...(site.description ? { description: site.description } : {}),
    applicationCategory: APPLICATION_CATEGORY,
    operatingSystem: OPERATING_SYSTEM,
    offers,
    publisher: organizationRef(site),
  };
}

function performer(speaker: PageEvent["performers"][number]): Person {
  return {
    "@type": "Person",
    name: speaker.name,
    ...(speaker.jobTitle ? { jobTitle: speaker.jobTitle } : {}),
    ...(speaker.worksFor ? { worksFor: { "@type": "Organization", name: speaker.worksFor } } : {}),
  };
}

/** An online event (the webinar): where to join is the page itself, where visitors register. */
function event(route: Route, site: StructuredDataSite): WithContext<Event> | null {
  const details = route.event;
  if (!details) return null;
  const url = route.head.canonical;
  return {
    "@context": CONTEXT,
    "@type": "Event",
    name: details.name ?? pageName(route.head.title, site),
    description: route.head.description,
    url,
    startDate: details.startDate,
    endDate: details.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url },
    ...(route.head.image ? { image: absolute(route.head.image, site) } : {}),
    organizer: organizationRef(site),
    ...(details.performers.length > 0 ? { performer: details.performers.map(performer) } : {}),
    offers: {
      "@type": "Offer",
      url: details.registrationAnchor ? `${url}${details.registrationAnchor}` : url,
      price: details.price,
      priceCurrency: PRICE_CURRENCY,
      availability: "https://schema.org/InStock",
    },
  };
}

/**
 * The JSON-LD of each route of a site, serialised (`serializeJsonLd`), in head order: the
 * site-wide WebSite and Organization, the same on every page, are serialised once.
 */
export function jsonLdSerializer(site: StructuredDataSite): (route: Route) => string[] {
  const siteWide = [website(site), organization(site)].map(serializeJsonLd);
  return (route) => [...siteWide, ...pageStructuredData(route, site).map(serializeJsonLd)];
}

/** The JSON-LD objects of a route beyond the site-wide ones, in head order. */
function pageStructuredData(route: Route, site: StructuredDataSite): JsonLd[] {
  const items: (JsonLd | null)[] = [
    breadcrumbs(route, site),
    blogPosting(route, site),
    softwareApplication(route, site),
    event(route, site),
    faqPage(route),
  ];
  return items.filter((item): item is JsonLd => item !== null);
}

/** The JSON inside a `<script type="application/ld+json">` (script-json.ts says how it is escaped). */
export function serializeJsonLd(data: JsonLd): string {
  return jsonInScript(data);
}
