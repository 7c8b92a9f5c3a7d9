import { resolve } from "node:path";
import type { Event, FAQPage, SoftwareApplication, WithContext } from "schema-dts";
import { beforeAll, describe, expect, it } from "vitest";
import { pageEventSchema, type RenderedSectionOf } from "../content/index.ts";
import { loadContent } from "./content.ts";
import { buildRoutes, type Route } from "./routes.ts";
import { sectionTitlesOf } from "./shared-data.ts";
import { jsonLdSerializer, serializeJsonLd } from "./structured-data.ts";

const site = {
  siteName: "Harbor Desk",
  siteUrl: "https://harbordesk.example",
  description: "The help desk.",
  sameAs: ["https://x.com/harbordesk"],
};

let routes: Route[];
let serialize: ReturnType<typeof jsonLdSerializer>;
beforeAll(async () => {
  routes = buildRoutes(await loadContent(resolve(import.meta.dirname, "../../content")));
  serialize = jsonLdSerializer({ ...site, sectionTitles: sectionTitlesOf(routes) });
});

function route(path: string): Route {
  const found = routes.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

type Parsed = Record<string, unknown> & { "@type": string };

/** What a search engine reads: the serialised blocks parsed back. */
function parsed(item: Route): Parsed[] {
  return serialize(item).map((json) => JSON.parse(json));
}

function ofType<T = Parsed>(item: Route, type: string): T[] {
  return parsed(item).filter((data) => data["@type"] === type) as T[];
}

/** The sections of a given type a route's page data shows. */
function sections<T extends "faq" | "pricing-table">(item: Route, type: T): RenderedSectionOf<T>[] {
  if (!("page" in item.data)) return [];
  return (item.data.page.sections ?? []).filter(
    (section): section is RenderedSectionOf<T> => section.type === type,
  );
}

/**
 * The properties search engines require of each type (Google's structured-data guidelines),
 * checked on every item of every page; a path is dotted, `[]` means every element of a list.
 */
const REQUIRED: Record<string, string[]> = {
  WebSite: ["name", "url"],
  Organization: ["name", "url", "logo"],
  BreadcrumbList: [
    "itemListElement[].position",
    "itemListElement[].name",
    "itemListElement[].item",
  ],
  BlogPosting: ["headline", "datePublished", "author.name", "author.url"],
  FAQPage: ["mainEntity[].name", "mainEntity[].acceptedAnswer.text"],
  SoftwareApplication: [
    "name",
    "applicationCategory",
    "operatingSystem",
    "offers[].price",
    "offers[].priceCurrency",
  ],
  Event: ["name", "startDate", "endDate", "location.url", "eventAttendanceMode", "offers.price"],
};

function missing(value: unknown, path: string): boolean {
  const [head, ...rest] = path.split(".");
  const key = (head as string).replace(/\[\]$/, "");
  const child = (value as Record<string, unknown> | undefined)?.[key];
  const list = (head as string).endsWith("[]");
  if (list && (!Array.isArray(child) || child.length === 0)) return true;
  const children = list ? (child as unknown[]) : [child];
  return children.some((element) =>
    rest.length === 0
      ? element === undefined || element === null || element === ""
      : missing(element, rest.join(".")),
  );
}

describe("structured data on every page", () => {
  it("every item has @context and the properties its type requires", () => {
    for (const item of routes) {
      for (const data of parsed(item)) {
        expect(data["@context"], item.path).toBe("https://schema.org");
        const required = REQUIRED[data["@type"]];
        expect(required, `${item.path}: unexpected type ${data["@type"]}`).toBeDefined();
        for (const path of required ?? []) {
          expect(missing(data, path), `${item.path} ${data["@type"]}.${path}`).toBe(false);
        }
      }
    }
  });

  it("no value can close the script element early", () => {
    const json = serializeJsonLd({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "</script><script>alert(1)</script><!-- \u2028 -->",
    });
    // As the page's other data blocks escape them (script-json.ts): < and > and the line
    // separators that older parsers took for line ends.
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script><!-- \u2028 -->");
  });
});

describe("WebSite and Organization", () => {
  it("are on every page, once each", () => {
    for (const item of routes) {
      expect(ofType(item, "WebSite"), item.path).toHaveLength(1);
      const [org] = ofType(item, "Organization");
      expect(org, item.path).toMatchObject({
        name: "Harbor Desk",
        url: "https://harbordesk.example/",
        logo: "https://harbordesk.example/icons/icon-512.png",
        sameAs: ["https://x.com/harbordesk"],
      });
    }
  });
});

describe("absolute URLs", () => {
  it("are what the URL parser makes of each path, whatever the form of the site's URL", () => {
    const odd = jsonLdSerializer({ ...site, siteUrl: "https://HarborDesk.example:443/base/" });
    for (const item of routes) {
      const urls = odd(item).flatMap((json) => json.match(/"https:\/\/harbordesk[^"]*"/gi) ?? []);
      expect(urls.length, item.path).toBeGreaterThan(0);
      for (const url of urls) {
        const value = JSON.parse(url) as string;
        expect(value, item.path).toBe(new URL(value).href);
        expect(value, item.path).toMatch(/^https:\/\/harbordesk\.example\//);
      }
    }
  });
});

describe("BreadcrumbList", () => {
  it("runs from Home to the page itself, named without the site suffix", () => {
    const [crumbs] = ofType<{
      itemListElement: { position: number; name: string; item: string }[];
    }>(route("/pricing/contact-based/"), "BreadcrumbList");
    expect(crumbs?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://harbordesk.example/" },
      {
        "@type": "ListItem",
        position: 2,
        name: "Pricing",
        item: "https://harbordesk.example/pricing/",
      },
      {
        "@type": "ListItem",
        position: 3,
        name: "Contact-based pricing",
        item: "https://harbordesk.example/pricing/contact-based/",
      },
    ]);
  });

  it("leads only to pages: a path segment that is no page is left out", () => {
    type Crumbs = { itemListElement: { name: string; item: string }[] };
    const [author] = ofType<Crumbs>(route("/blog/authors/maya-lindqvist/"), "BreadcrumbList");
    expect(author?.itemListElement.map((crumb) => crumb.item)).toEqual([
      "https://harbordesk.example/",
      "https://harbordesk.example/blog/",
      "https://harbordesk.example/blog/authors/maya-lindqvist/",
    ]);
    const pages = new Set(routes.map((item) => `${site.siteUrl}${item.path}`));
    pages.add(`${site.siteUrl}/`);
    for (const item of routes) {
      for (const crumbs of ofType<Crumbs>(item, "BreadcrumbList")) {
        for (const crumb of crumbs.itemListElement) expect(pages, item.path).toContain(crumb.item);
      }
    }
  });

  it("is left off the home page and the error pages", () => {
    for (const path of ["/", "/404.html", "/500.html"]) {
      expect(ofType(route(path), "BreadcrumbList"), path).toEqual([]);
    }
  });
});

describe("BlogPosting", () => {
  it("carries the page's Open Graph image, absolute, when the page has one", () => {
    const post = route("/blog/ai-that-helps/");
    const withCard = { ...post, head: { ...post.head, image: "/assets/og/0123456789abcdef.png" } };
    expect(ofType(withCard, "BlogPosting")[0]?.image).toBe(
      "https://harbordesk.example/assets/og/0123456789abcdef.png",
    );
    expect(
      ofType({ ...post, head: { ...post.head, image: undefined } }, "BlogPosting")[0],
    ).not.toHaveProperty("image");
  });

  it("every post carries headline, date and its author's page", () => {
    const posts = routes.filter((item) => item.componentChunkName === "template---blog-post");
    expect(posts.length).toBeGreaterThan(0);
    for (const item of posts) {
      if (item.componentChunkName !== "template---blog-post") continue;
      const [posting] = ofType(item, "BlogPosting");
      expect(posting).toMatchObject({
        headline: item.data.post.title,
        datePublished: item.data.post.date,
        author: {
          "@type": "Person",
          name: item.data.post.author.name,
          url: `https://harbordesk.example/blog/authors/${item.data.post.author.id}/`,
        },
      });
    }
  });

  it("says when a post last changed: its revision date, else its publication date", () => {
    const revised = route("/blog/routing-rules-that-survive-a-busy-monday/");
    expect(ofType(revised, "BlogPosting")[0]).toMatchObject({
      datePublished: "2026-09-08",
      dateModified: "2026-11-24",
    });
    const unrevised = route("/blog/ai-that-helps/");
    if (unrevised.componentChunkName !== "template---blog-post") throw new Error("not a post");
    expect(unrevised.data.post.updated).toBeUndefined();
    expect(ofType(unrevised, "BlogPosting")[0]?.dateModified).toBe(unrevised.data.post.date);
  });

  it("is only on posts", () => {
    expect(ofType(route("/pricing/"), "BlogPosting")).toEqual([]);
  });
});

describe("FAQPage", () => {
  it("holds exactly the questions and answers of the page's FAQ sections", () => {
    const withFaq = routes.filter((item) => sections(item, "faq").length > 0);
    expect(withFaq.length).toBeGreaterThan(5);
    for (const item of withFaq) {
      const pages = ofType<WithContext<FAQPage> & { mainEntity: Parsed[] }>(item, "FAQPage");
      expect(pages, item.path).toHaveLength(1);
      const shown = sections(item, "faq").flatMap((section) => section.items);
      expect(pages[0]?.mainEntity.map((q) => q.name)).toEqual(shown.map((q) => q.question));
      expect(pages[0]?.mainEntity.map((q) => (q.acceptedAnswer as { text: string }).text)).toEqual(
        shown.map((q) => q.answer.replace(/\s+/g, " ").trim()),
      );
    }
  });

  it("the pricing page's questions, as the page asks them", () => {
    const [faq] = ofType<{ mainEntity: { name: string; acceptedAnswer: unknown }[] }>(
      route("/pricing/"),
      "FAQPage",
    );
    expect(faq?.mainEntity[0]).toEqual({
      "@type": "Question",
      name: "Who counts as a user?",
      acceptedAnswer: {
        "@type": "Answer",
        text: "Anyone who replies to customers. Teammates who only read conversations, leave private notes or view reports are light users, and they are free on every plan.",
      },
    });
  });

  it("pages without an FAQ section carry none", () => {
    const without = routes.filter((item) => sections(item, "faq").length === 0);
    expect(without.length).toBeGreaterThan(0);
    for (const item of without) expect(ofType(item, "FAQPage"), item.path).toEqual([]);
  });
});

describe("SoftwareApplication", () => {
  type App = WithContext<SoftwareApplication> & {
    offers: { name: string; price: number; priceSpecification: Parsed[] }[];
  };

  it("offers each priced plan of the per-user pricing table at its monthly price", () => {
    const [app] = ofType<App>(route("/pricing/"), "SoftwareApplication");
    expect(app).toMatchObject({
      name: "Harbor Desk",
      applicationCategory: "BusinessApplication",
      operatingSystem: "Web",
    });
    const table = sections(route("/pricing/"), "pricing-table")[0];
    expect(app?.offers.map((offer) => [offer.name, offer.price])).toEqual(
      table?.plans.map((plan) => [plan.name, plan.price?.monthly]),
    );
    expect(app?.offers[0]).toMatchObject({
      "@type": "Offer",
      priceCurrency: "USD",
      url: "https://harbordesk.example/pricing/",
      priceSpecification: [
        { "@type": "UnitPriceSpecification", name: "Billed monthly", price: 25 },
        { "@type": "UnitPriceSpecification", name: "Billed annually", price: 20 },
      ],
    });
  });

  it("leaves out plans priced by quote", () => {
    const [app] = ofType<App>(route("/pricing/contact-based/"), "SoftwareApplication");
    const plans = sections(route("/pricing/contact-based/"), "pricing-table")[0]?.plans ?? [];
    expect(plans.some((plan) => !plan.price)).toBe(true);
    expect(app?.offers.map((offer) => offer.name)).toEqual(
      plans.filter((plan) => plan.price).map((plan) => plan.name),
    );
  });

  it("is only on pages with a pricing table", () => {
    for (const item of routes) {
      const expected = sections(item, "pricing-table").length > 0 ? 1 : 0;
      expect(ofType(item, "SoftwareApplication"), item.path).toHaveLength(expected);
    }
  });
});

describe("Event", () => {
  const WEBINAR = "/webinars/foundations-of-great-service/";

  it("the webinar is an online event with its times, speakers and free registration", () => {
    const [webinar] = ofType<WithContext<Event>>(route(WEBINAR), "Event");
    expect(webinar).toMatchObject({
      name: "Foundations of great service",
      startDate: "2026-12-10T13:00:00-05:00",
      endDate: "2026-12-10T13:45:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `https://harbordesk.example${WEBINAR}` },
      organizer: { "@type": "Organization", name: "Harbor Desk" },
      offers: {
        "@type": "Offer",
        price: 0,
        priceCurrency: "USD",
        url: `https://harbordesk.example${WEBINAR}#register`,
      },
      performer: [
        { "@type": "Person", name: "Maya Lindqvist", jobTitle: "Head of Support" },
        {
          "@type": "Person",
          name: "Camille Durand",
          worksFor: { "@type": "Organization", name: "Northwind Outfitters" },
        },
      ],
    });
  });

  it("is only on pages whose front matter describes an event", () => {
    const events = routes.filter((item) => ofType(item, "Event").length > 0);
    expect(events.map((item) => item.path)).toEqual([WEBINAR]);
  });

  it("an event must end after it starts", () => {
    const result = pageEventSchema.safeParse({
      startDate: "2026-12-10T13:00:00-05:00",
      endDate: "2026-12-10T12:00:00-05:00",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["endDate"]);
  });
});
