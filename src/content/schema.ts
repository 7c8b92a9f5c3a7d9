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
    id: z.string().regex(/^[a-z0-9-]+$/, "expected a lowercase slug"),
    name: z.string().min(1),
    role: z.string().optional(),
    bio: z.string().optional(),
    portrait: imageRefSchema
      .optional()
      .describe("A portrait under content/images/, shown on the author page and post bylines."),
  })
  .strict();
export const authorsSchema = z.array(authorSchema);
export type Author = z.infer<typeof authorSchema>;

export const PAGE_TEMPLATES = ["home", "page", "landing"] as const;

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
    title: z.string().min(1),
    description: z.string().min(1),
    date: z.iso.date().describe("Publication date, YYYY-MM-DD."),
    author: z.string().min(1).describe("An id from content/authors.json."),
    tags: z.array(z.string().min(1)).default([]),
    image: imageRefSchema
      .optional()
      .describe("Cover image under content/images/ (the post's largest, preloaded)."),
  })
  .strict();
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
