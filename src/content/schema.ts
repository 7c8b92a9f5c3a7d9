import { z } from "zod";
import { imageRefSchema } from "../images/index.ts";
import { sectionSchema } from "./section-schema.ts";

/**
 * The content model. Every file under content/ is validated against these schemas at build
 * time; an invalid file fails the build naming the file, the field and what was expected.
 * Types are inferred from the schemas and never written twice.
 */

const url = z
  .string()
  .min(1)
  .refine((value) => /^(\/|#|https?:\/\/|mailto:)/.test(value), {
    message: "expected a site path (/…), an in-page hash (#…) or an absolute http(s)/mailto URL",
  });

/** The consent categories every integration is filed under (spec §7). */
export const consentCategorySchema = z
  .enum(["necessary", "analytics", "marketing", "functional"])
  .describe("A consent category: necessary, analytics, marketing or functional.");
export type ConsentCategoryName = z.infer<typeof consentCategorySchema>;

export const consentSettingsSchema = z
  .object({
    mode: z
      .enum(["opt-in", "opt-out"])
      .default("opt-in")
      .describe("opt-in: nothing optional runs until accepted; opt-out: runs until refused."),
    transcendBundleUrl: url
      .optional()
      .describe("Transcend airgap bundle; when set it replaces the built-in banner."),
    attributionCategory: consentCategorySchema
      .default("necessary")
      .describe("The category the attribution cookies follow."),
  })
  .strict();
export type ConsentSettings = z.infer<typeof consentSettingsSchema>;

const integrationSchema = z
  .object({
    scriptUrl: z.url().describe("The vendor's script; its origin joins the CSP script-src."),
    id: z.string().optional().describe("The account, container or pixel id the script needs."),
    connectOrigins: z
      .array(z.url())
      .default([])
      .describe("Extra origins the script sends data to (CSP connect-src)."),
    frameOrigins: z
      .array(z.url())
      .default([])
      .describe("Origins the script frames (CSP frame-src)."),
  })
  .strict();
export type IntegrationSettings = z.infer<typeof integrationSchema>;

export const integrationsSettingsSchema = z
  .object({
    tagManager: integrationSchema.optional().describe("Tag manager with analytics (analytics)."),
    crm: integrationSchema
      .optional()
      .describe("CRM tracking script setting hubspotutk (marketing)."),
    productAnalytics: integrationSchema
      .optional()
      .describe("Product analytics; tracks Viewed Page (analytics)."),
    referral: integrationSchema.optional().describe("Referral script, gspk/gsxid (marketing)."),
    redditPixel: integrationSchema.optional().describe("Reddit pixel (marketing)."),
    chatWidget: integrationSchema.optional().describe("Beacon chat widget (functional)."),
    vitals: z
      .object({ enabled: z.boolean().default(true) })
      .strict()
      .optional()
      .describe("Real-user monitoring of Core Web Vitals to /api/vitals (analytics)."),
  })
  .strict();
export type IntegrationsSettings = z.infer<typeof integrationsSettingsSchema>;

export const siteSettingsSchema = z
  .object({
    productName: z.string().min(1).describe("The product's name, kept unbreakable in headlines."),
    siteUrl: z.url().describe("Public origin of the marketing site, used for canonical URLs."),
    description: z.string().min(1).describe("Default meta description."),
    demoUrl: url.describe("Where 'Get a Demo' links point."),
    signupPlusUrl: url.describe("Where 'Start for Free' links point (the app's sign-up page)."),
    loginUrl: url.describe("The app's login page."),
    appUrl: z.url().describe("Origin of the separate app."),
    supportEmail: z.email().describe("Fallback when the chat widget is unavailable."),
    twitterHandle: z.string().optional(),
    social: z
      .object({ x: url, facebook: url, linkedin: url, instagram: url })
      .describe("Footer social links."),
    freeTrialFormId: z
      .string()
      .optional()
      .describe(
        "The one lead form after which the free-trial link opens instead of its redirectUrl.",
      ),
    doNotSellUrl: url.optional().describe("Privacy choices page linked from the footer."),
    trackingPixelUrl: url.optional().describe("Hidden tracking pixel on / and /pricing/."),
    adPixelUrl: url.optional().describe("Ad pixel on paths containing /see-it-in-action/."),
    buyerIntentScriptUrl: url.optional().describe("Buyer-intent tracking script."),
    buyerIntentPaths: z
      .array(z.string().startsWith("/"))
      .default([])
      .describe("Paths that load the buyer-intent script."),
    attribution: z
      .object({
        marketingHosts: z.array(z.string().min(1)).describe("Hosts whose pages are tracked."),
        appHosts: z.array(z.string().min(1)).describe("Hosts of the app (sign-up and login)."),
        productHosts: z
          .array(z.string().min(1))
          .default([])
          .describe("Other product-owned hosts whose links carry the analytics ids."),
      })
      .describe("Attribution tracking configuration."),
    consent: consentSettingsSchema
      .optional()
      .describe("Consent manager: banner mode, optional Transcend bundle, attribution category."),
    integrations: integrationsSettingsSchema
      .optional()
      .describe("Third-party integrations; each is off until its entry is present."),
  })
  .strict();
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const navSubItemSchema = z
  .object({
    title: z.string().min(1),
    url,
    icon: z.string().optional().describe("Icon name from the design system."),
    description: z.string().optional(),
  })
  .strict();

export const navFeatureSchema = z
  .object({ overline: z.string(), title: z.string(), image: z.string().optional(), url })
  .strict();

export const navItemSchema = z
  .object({
    title: z.string().min(1),
    url: url.optional().describe("A top-level link; omit it for a dropdown."),
    navItems: z.array(navSubItemSchema).optional().describe("Dropdown sub-items."),
    feature: navFeatureSchema.optional().describe("Optional featured card in the dropdown."),
  })
  .strict()
  .refine((item) => Boolean(item.url) !== Boolean(item.navItems?.length), {
    message: "a navigation item has either a url or navItems, not both",
  });

export const navigationSchema = z.object({ items: z.array(navItemSchema).min(1) }).strict();
export type Navigation = z.infer<typeof navigationSchema>;
export type NavItem = z.infer<typeof navItemSchema>;
export type NavSubItem = z.infer<typeof navSubItemSchema>;

export const footerItemSchema = z
  .object({
    title: z.string().min(1),
    url: url.optional(),
    html: z.string().optional().describe("Rich text instead of a link; sanitised at build time."),
    isNew: z.boolean().optional().describe("Shows a NEW badge."),
  })
  .strict();

export const footerSchema = z
  .object({
    columns: z.array(z.object({ title: z.string().min(1), items: z.array(footerItemSchema) })),
  })
  .strict();
export type Footer = z.infer<typeof footerSchema>;
export type FooterItem = z.infer<typeof footerItemSchema>;

export const authorSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/, "expected a lowercase slug")
      .describe("Used in /blog/authors/{id}/ and in the `author` field of posts and books."),
    name: z.string().min(1).describe("Full name, as shown on bylines."),
    role: z.string().optional().describe("Job title, shown beside the name."),
    bio: z.string().optional().describe("One or two sentences for the author page and its meta."),
    portrait: imageRefSchema
      .optional()
      .describe("A portrait under content/images/, shown on the author page and post bylines."),
  })
  .strict();
export const authorsSchema = z.array(authorSchema).describe("content/authors.json");
export type Author = z.infer<typeof authorSchema>;

/** `company`: about, careers, press and contact, with the company pages' own navigation. */
export const PAGE_TEMPLATES = ["home", "page", "landing", "company"] as const;

const dateTime = z.iso
  .datetime({ offset: true })
  .describe("ISO 8601 with the organiser's UTC offset, e.g. 2026-12-10T13:00:00-05:00.");

/** An online event a page announces (a webinar): becomes its Event JSON-LD. */
export const pageEventSchema = z
  .object({
    name: z.string().min(1).optional().describe("The event's name; defaults to the page title."),
    startDate: dateTime,
    endDate: dateTime,
    price: z
      .number()
      .nonnegative()
      .default(0)
      .describe("Ticket price in US dollars; 0 (the default) is free."),
    registrationAnchor: z
      .string()
      .regex(/^#[A-Za-z][\w-]*$/, "expected an in-page anchor such as #register")
      .optional()
      .describe("Where on the page visitors register, e.g. #register."),
    performers: z
      .array(
        z
          .object({
            name: z.string().min(1),
            jobTitle: z.string().min(1).optional(),
            worksFor: z.string().min(1).optional().describe("The speaker's organisation."),
          })
          .strict(),
      )
      .default([])
      .describe("The speakers."),
  })
  .strict()
  .refine((event) => Date.parse(event.endDate) > Date.parse(event.startDate), {
    message: "endDate must be after startDate",
    path: ["endDate"],
  })
  .describe("An online event (webinar) on this page; online attendance only.");
export type PageEvent = z.infer<typeof pageEventSchema>;

export const pageFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The page's <title> and first heading."),
    description: z.string().min(1).describe("Meta and Open Graph description."),
    path: z
      .string()
      .regex(/^\/([a-z0-9-]+\/)*$/, "expected a path like /pricing/ (lowercase, trailing slash)")
      .optional()
      .describe("Defaults to the file's path under content/pages/."),
    template: z.enum(PAGE_TEMPLATES).default("page"),
    heading: z.string().optional().describe("Visible headline when it differs from the title."),
    staticHeader: z.boolean().optional().describe("Keep the header static on this page."),
    navLabel: z
      .string()
      .min(1)
      .optional()
      .describe("Company pages: the short name in the company navigation (default: the title)."),
    image: imageRefSchema
      .optional()
      .describe("Hero image under content/images/ (the page's largest, preloaded)."),
    noindex: z.boolean().optional(),
    form: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .optional()
      .describe(
        "Lead form(s) shown after the body, by id from content/forms/{id}.json (a list places several).",
      ),
    sections: z
      .array(sectionSchema)
      .optional()
      .describe("The page's sections, top to bottom (docs/sections.md); replaces the body."),
    event: pageEventSchema
      .optional()
      .describe("The online event the page announces (Event structured data)."),
  })
  .strict();
export type PageFrontMatter = z.infer<typeof pageFrontMatterSchema>;

/** Post front matter; `author` is checked against authors.json when the content is loaded. */
export const postFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The post's <title> and headline."),
    description: z.string().min(1).describe("Meta and Open Graph description; the list summary."),
    date: z.iso.date().describe("Publication date, YYYY-MM-DD."),
    author: z.string().min(1).describe("An id from content/authors.json."),
    tags: z
      .array(z.string().min(1))
      .default([])
      .describe("Free keywords; shared tags make posts related."),
    image: imageRefSchema
      .optional()
      .describe("Cover image under content/images/ (the post's largest, preloaded)."),
    category: z
      .string()
      .min(1)
      .optional()
      .describe("An id from content/categories.json; checked when the content is loaded."),
    featured: z.boolean().optional().describe("Shown in the featured row of the blog home."),
    updated: z.iso
      .date()
      .optional()
      .describe(
        "Date of the last revision that changed what the post says, YYYY-MM-DD, not before `date`: shown under the title, in the feed, the sitemap and the structured data.",
      ),
  })
  .strict()
  // ISO dates compare as strings.
  .refine((post) => post.updated === undefined || post.updated >= post.date, {
    path: ["updated"],
    message: "must not be before the post's date",
  });
export type PostFrontMatter = z.infer<typeof postFrontMatterSchema>;

export const subprocessorSchema = z
  .object({
    name: z.string().min(1).describe("The sub-processor's legal name."),
    purpose: z.string().min(1).describe("What it does with customer data."),
    location: z.string().min(1).describe("Where the data is processed."),
    website: z.url().optional(),
  })
  .strict();
export const subprocessorsSchema = z
  .array(subprocessorSchema)
  .describe("content/subprocessors.json: rendered where Markdown writes ::subprocessors.");
export type Subprocessor = z.infer<typeof subprocessorSchema>;

// Collections: blog categories, books, redirects (content/categories.json, content/books/,
// content/redirects.json). References between collections are checked when content loads.

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug");

export const categorySchema = z
  .object({
    id: slug.describe("Used in /blog/category/{id}/ and in posts' `category` field."),
    name: z.string().min(1).describe("Visible name."),
    description: z.string().min(1).describe("One sentence for the category page and its meta."),
  })
  .strict();
export const categoriesSchema = z.array(categorySchema).describe("content/categories.json");
export type Category = z.infer<typeof categorySchema>;

/** content/books/{book}/index.md: the book's cover page. */
export const bookFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The book's title."),
    description: z.string().min(1).describe("Meta and Open Graph description."),
    author: z.string().min(1).describe("An id from content/authors.json."),
    date: z.iso.date().describe("Publication date, YYYY-MM-DD."),
    cover: imageRefSchema.optional().describe("Cover image under content/images/."),
  })
  .strict();
export type BookFrontMatter = z.infer<typeof bookFrontMatterSchema>;

/** content/books/{book}/{chapter}.md: one chapter, ordered by `order`. */
export const chapterFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The chapter's title."),
    description: z.string().min(1).describe("Meta description and the line in the contents."),
    order: z.number().int().positive().describe("Position in the book, 1 first."),
  })
  .strict();
export type ChapterFrontMatter = z.infer<typeof chapterFrontMatterSchema>;

export const REDIRECT_STATUSES = [301, 302, 308, 410] as const;

const sitePath = z
  .string()
  .regex(/^\/[^\s?#]*$/, "expected a site path starting with /, without query or hash");

/** content/redirects.json: old path → new path with a status; 410 means gone, no target. */
export const redirectSchema = z
  .object({
    from: sitePath.describe("The old path."),
    to: z
      .union([sitePath, z.url()])
      .optional()
      .describe("The new path (must be a route of the site) or an absolute URL; none for 410."),
    status: z
      .union(REDIRECT_STATUSES.map((status) => z.literal(status)))
      .describe("301, 302 or 308 to redirect; 410 for a page that is gone for good."),
  })
  .strict()
  .refine((entry) => (entry.status === 410) === (entry.to === undefined), {
    message: "a 410 entry has no `to`; every other status needs one",
  });
export const redirectsSchema = z.array(redirectSchema).describe("content/redirects.json");
export type Redirect = z.infer<typeof redirectSchema>;

/** content/integrations/categories.json: the directory's filters. */
export const integrationCategorySchema = z
  .object({
    id: slug.describe("Used in /integrations/directory/{id}/ and in integrations' `category`."),
    name: z.string().min(1).describe("Visible name of the filter."),
    description: z.string().min(1).describe("One sentence for the filtered page and its meta."),
  })
  .strict();
export const integrationCategoriesSchema = z
  .array(integrationCategorySchema)
  .describe("content/integrations/categories.json");
export type IntegrationCategory = z.infer<typeof integrationCategorySchema>;

/** content/integrations/{slug}.md: one integration's page at /integrations/{slug}/. */
export const integrationFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The integrated product's name."),
    description: z.string().min(1).describe("One sentence: what the integration does."),
    category: z.string().min(1).describe("An id from content/integrations/categories.json."),
    plans: z.string().min(1).describe("Which Harbor Desk plans include it."),
    builtBy: z.enum(["Harbor Desk", "Partner"]).describe("Who builds and supports it."),
    website: z.url().describe("The integrated product's site."),
  })
  .strict();
export type IntegrationFrontMatter = z.infer<typeof integrationFrontMatterSchema>;

// Jobs (content/jobs/{slug}.md) and resources (content/resources/{slug}.md).

/** schema.org employment types, as JobPosting structured data spells them. */
export const EMPLOYMENT_TYPES = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "INTERN"] as const;

/** content/jobs/{slug}.md: one job post at /careers/jobs/{slug}/ while it is open. */
export const jobFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The role's title, as candidates search for it."),
    description: z
      .string()
      .min(1)
      .describe("One or two sentences for the list, meta and Open Graph."),
    team: z.string().min(1).describe("The team the role joins; the openings list groups by it."),
    location: z
      .string()
      .min(1)
      .describe("Where the person can work from, in words (e.g. 'Remote, Europe time zones')."),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, "expected an ISO 3166-1 alpha-2 code such as DE"))
      .min(1)
      .describe(
        "Countries the person may live in (ISO codes), for JobPosting's applicant location.",
      ),
    employmentType: z
      .enum(EMPLOYMENT_TYPES)
      .describe("FULL_TIME, PART_TIME, CONTRACTOR or INTERN."),
    salary: z
      .object({
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/, "expected an ISO 4217 code such as EUR")
          .describe("ISO 4217 currency."),
        min: z.number().int().positive().describe("Lowest yearly base salary offered."),
        max: z.number().int().positive().describe("Highest yearly base salary offered."),
      })
      .strict()
      .refine((salary) => salary.min <= salary.max, {
        message: "min must not exceed max",
        path: ["min"],
      })
      .describe("The yearly base salary range we publish for the role."),
    datePosted: z.iso.date().describe("When the post went up, YYYY-MM-DD."),
    validThrough: z.iso
      .date()
      .optional()
      .describe("Last day to apply, YYYY-MM-DD; omit while the role stays open."),
    closed: z
      .boolean()
      .default(false)
      .describe(
        "true once the role is filled: the page leaves the site and its URL redirects (301) to the openings.",
      ),
    form: z
      .string()
      .min(1)
      .default("job-application")
      .describe("The application form, by id from content/forms/{id}.json."),
  })
  .strict();
export type JobFrontMatter = z.infer<typeof jobFrontMatterSchema>;

export const RESOURCE_KINDS = ["ebook", "report", "template"] as const;

/** content/resources/{slug}.md: a gated download at /resources/{slug}/. */
export const resourceFrontMatterSchema = z
  .object({
    title: z.string().min(1).describe("The resource's title."),
    description: z
      .string()
      .min(1)
      .describe("One or two sentences for the list, meta and Open Graph."),
    kind: z.enum(RESOURCE_KINDS).describe("ebook, report or template: the list groups by it."),
    date: z.iso.date().describe("Publication date, YYYY-MM-DD."),
    image: imageRefSchema.describe("Cover image under content/images/."),
    highlights: z
      .array(z.string().min(1))
      .min(2)
      .describe("What the reader gets, one line each, beside the form."),
    form: z
      .string()
      .min(1)
      .describe("The lead form that gates the download, by id from content/forms/{id}.json."),
    download: z
      .object({
        file: z
          .string()
          .regex(
            /^\/downloads\/[a-z0-9][a-z0-9.-]*\.[a-z0-9]+$/,
            "expected a file under static/downloads/ such as /downloads/guide.pdf",
          )
          .describe("The file under static/downloads/, as served (/downloads/…)."),
        format: z.string().min(1).describe("Shown on the link, e.g. 'PDF, 14 pages'."),
      })
      .strict()
      .describe("The file a successful submission unlocks."),
    related: z
      .array(z.string().min(1))
      .default([])
      .describe("Ids of blog posts to suggest beside the resource (content/posts/{id}.md)."),
  })
  .strict();
export type ResourceFrontMatter = z.infer<typeof resourceFrontMatterSchema>;
