import { z } from "zod";
import { type ImageRef, imageRefSchema, type ResolvedImage } from "../images/index.ts";
import { ICON_NAMES } from "./icon-names.ts";
import type { VIDEO_PLAYER_ORIGINS } from "./video-players.ts";

/**
 * The sections content model: a page lists `sections:` in its front matter and each entry
 * is one of these, picked by `type`. Every field is described for writers; docs/sections.md
 * shows an example of each. Link placeholders ({{demo}}, {{signup}}…) work in every string.
 */

const href = z
  .string()
  .min(1)
  .refine((value) => /^(\/|#|https?:\/\/|mailto:)/.test(value), {
    message: "expected a site path (/…), a hash (#…), an http(s) URL, mailto: or a {{placeholder}}",
  })
  .describe("Where the link goes: /a-site-path/, #hash, https://…, or {{demo}}-style placeholder.");

export const BUTTON_VARIANT_NAMES = ["primary", "secondary", "outline", "warning"] as const;

export const ctaSchema = z
  .object({
    label: z.string().min(1).describe('Button text, e.g. "Start for free".'),
    href,
    variant: z
      .enum(BUTTON_VARIANT_NAMES)
      .optional()
      .describe("Button style; the first call to action defaults to primary, others to outline."),
  })
  .strict()
  .describe("A call to action: a link that looks like a button.");
export type Cta = z.infer<typeof ctaSchema>;

const heading = z.string().min(1).describe("The section's headline (text rules apply).");
const intro = z.string().min(1).describe("One or two sentences under the headline.");

/** Fields every section may carry. */
const base = {
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, "expected a lowercase anchor id like pricing-faq")
    .optional()
    .describe("Anchor id so other pages can link to #this-section."),
  background: z
    .enum(["white", "tint", "dark"])
    .optional()
    .describe("Band colour behind the section: white (default), tint (light slate) or dark."),
};

export const heroSectionSchema = z
  .object({
    type: z.literal("hero"),
    ...base,
    eyebrow: z.string().optional().describe("Short overline above the headline."),
    headline: z.string().min(1).describe("The page's main headline; the first hero is the h1."),
    subhead: z.string().min(1).describe("The promise in a sentence or two."),
    ctas: z.array(ctaSchema).max(3).default([]).describe("Up to three calls to action."),
    image: imageRefSchema.optional().describe("Illustration or product shot beside the text."),
    note: z.string().optional().describe('Small print under the buttons, e.g. "No card needed".'),
  })
  .strict()
  .describe("Hero: headline, subhead, calls to action and an image.");

export const logoWallSectionSchema = z
  .object({
    type: z.literal("logo-wall"),
    ...base,
    heading: heading.optional(),
    logos: z
      .array(
        z
          .object({
            name: z.string().min(1).describe("Company name (shown as a wordmark without image)."),
            image: imageRefSchema.optional().describe("The company's logo."),
          })
          .strict(),
      )
      .min(3)
      .describe("Customer companies, three or more."),
  })
  .strict()
  .describe("Logo wall: companies that use the product.");

export const featureGridSectionSchema = z
  .object({
    type: z.literal("feature-grid"),
    ...base,
    heading,
    intro: intro.optional(),
    columns: z
      .union([z.literal(2), z.literal(3), z.literal(4)])
      .default(3)
      .describe("Cards per row on wide screens: 2, 3 or 4."),
    items: z
      .array(
        z
          .object({
            icon: z
              .enum(ICON_NAMES)
              .optional()
              .describe(`Icon: ${ICON_NAMES.join(", ")}.`),
            title: z.string().min(1),
            text: z.string().min(1).describe("Two or three sentences."),
            href: href.optional().describe('Optional "Learn more" link.'),
          })
          .strict(),
      )
      .min(2)
      .describe("The features, two or more."),
  })
  .strict()
  .describe("Feature grid: cards with an icon, title and text.");

export const featureSplitSectionSchema = z
  .object({
    type: z.literal("feature-split"),
    ...base,
    heading: heading.optional().describe("Optional headline above the rows."),
    intro: intro.optional(),
    items: z
      .array(
        z
          .object({
            eyebrow: z.string().optional(),
            title: z.string().min(1),
            text: z.string().min(1).describe("A short paragraph."),
            bullets: z.array(z.string().min(1)).optional().describe("Optional checklist."),
            image: imageRefSchema,
            cta: ctaSchema.optional(),
          })
          .strict(),
      )
      .min(1)
      .describe("Rows; images alternate left and right."),
  })
  .strict()
  .describe("Feature split: image and text side by side, alternating.");

export const testimonialSectionSchema = z
  .object({
    type: z.literal("testimonial"),
    ...base,
    quote: z.string().min(1).describe("The customer's words, without quotation marks."),
    name: z.string().min(1),
    role: z.string().min(1).describe('Job title, e.g. "Head of Support".'),
    company: z.string().min(1),
    image: imageRefSchema.optional().describe("Portrait of the person quoted."),
    metric: z
      .object({ value: z.string().min(1), label: z.string().min(1) })
      .strict()
      .optional()
      .describe('One result beside the quote, e.g. { value: "38%", label: "faster replies" }.'),
  })
  .strict()
  .describe("Testimonial: one customer quote.");

export const statsSectionSchema = z
  .object({
    type: z.literal("stats"),
    ...base,
    heading: heading.optional(),
    items: z
      .array(
        z
          .object({
            value: z.string().min(1).describe('The figure as shown: "4 min", "97%", "12k".'),
            label: z.string().min(1),
          })
          .strict(),
      )
      .min(2)
      .max(4),
    source: z.string().optional().describe("Where the figures come from (small print)."),
  })
  .strict()
  .describe("Stats: two to four big figures.");

/** The currency of every price in content (pricing tables, event tickets): US dollars. */
export const PRICE_CURRENCY = "USD";

const price = z.number().nonnegative().describe("US dollars, e.g. 25 or 22.5.");

export const pricingPlanSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().min(1).describe("Who the plan is for, one sentence."),
    price: z
      .object({
        monthly: price.describe("Price per unit per month when billed monthly."),
        annual: price.describe("Price per unit per month when billed annually."),
      })
      .strict()
      .optional()
      .describe("Omit for a plan priced by quote (shows priceLabel instead)."),
    unit: z.string().default("per user / month").describe("What the price counts."),
    priceLabel: z.string().optional().describe('Shown instead of a price, e.g. "Custom".'),
    badge: z.string().optional().describe('Ribbon such as "Most popular".'),
    highlighted: z.boolean().optional().describe("Draw attention to this plan."),
    features: z.array(z.string().min(1)).min(1).describe("What the plan includes."),
    cta: ctaSchema,
  })
  .strict()
  .refine((plan) => plan.price !== undefined || plan.priceLabel !== undefined, {
    message: "a plan needs a price or a priceLabel",
    path: ["price"],
  });
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const pricingTableSectionSchema = z
  .object({
    type: z.literal("pricing-table"),
    ...base,
    heading: heading.optional(),
    intro: intro.optional(),
    defaultBilling: z
      .enum(["monthly", "annual"])
      .default("annual")
      .describe("Which prices show first; visitors can switch."),
    annualNote: z.string().optional().describe('e.g. "Save 20% with annual billing".'),
    plans: z.array(pricingPlanSchema).min(1).max(4),
  })
  .strict()
  .describe("Pricing table: plans with a monthly/annual toggle.");

const cellValue = z
  .union([z.boolean(), z.string()])
  .describe("true shows a tick, false a dash, a string is shown as is.");

export const comparisonTableSectionSchema = z
  .object({
    type: z.literal("comparison-table"),
    ...base,
    heading,
    intro: intro.optional(),
    columns: z
      .array(z.string().min(1))
      .min(2)
      .describe("Column headings (products or plans), left to right."),
    rows: z
      .array(
        z
          .object({
            label: z.string().min(1).describe("What is compared in this row."),
            values: z.array(cellValue).describe("One value per column."),
          })
          .strict(),
      )
      .min(1),
    footnote: z.string().optional(),
  })
  .strict()
  .superRefine((section, context) => {
    section.rows.forEach((row, index) => {
      if (row.values.length !== section.columns.length) {
        context.addIssue({
          code: "custom",
          path: ["rows", index, "values"],
          message: `expected ${section.columns.length} values (one per column), got ${row.values.length}`,
        });
      }
    });
  })
  .describe("Comparison table: rows of features across columns.");

export const faqSectionSchema = z
  .object({
    type: z.literal("faq"),
    ...base,
    heading: heading.default("Frequently asked questions"),
    items: z
      .array(
        z
          .object({
            question: z.string().min(1),
            answer: z.string().min(1).describe("Plain text; a blank line starts a new paragraph."),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .describe("FAQ: questions that open to show their answers (no JavaScript needed).");

export const ctaBandSectionSchema = z
  .object({
    type: z.literal("cta-band"),
    ...base,
    heading,
    text: z.string().optional(),
    ctas: z.array(ctaSchema).min(1).max(2),
  })
  .strict()
  .describe("Call-to-action band: a coloured strip with a headline and buttons.");

export const richTextSectionSchema = z
  .object({
    type: z.literal("rich-text"),
    ...base,
    markdown: z
      .string()
      .min(1)
      .describe(
        "Markdown. `:::callout` … `:::` makes a boxed callout; `::subprocessors` the sub-processor table.",
      ),
    width: z.enum(["narrow", "wide"]).default("narrow").describe("Reading width."),
  })
  .strict()
  .describe("Rich text: Markdown prose.");

export const formSectionSchema = z
  .object({
    type: z.literal("form"),
    ...base,
    formId: z.string().min(1).describe("The lead form's id (content/forms)."),
    heading: heading.optional(),
    text: z.string().optional(),
  })
  .strict()
  .describe("Form embed: a lead form.");

export const resourceCardsSectionSchema = z
  .object({
    type: z.literal("resource-cards"),
    ...base,
    heading,
    intro: intro.optional(),
    items: z
      .array(
        z
          .object({
            kind: z
              .enum(["guide", "webinar", "blog", "course", "template", "report", "page"])
              .describe("Shown as a badge."),
            title: z.string().min(1),
            text: z.string().min(1),
            href,
            image: imageRefSchema.optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .describe("Resource cards: links to guides, webinars and posts.");

export const videoSectionSchema = z
  .object({
    type: z.literal("video"),
    ...base,
    heading: heading.optional(),
    intro: intro.optional(),
    title: z.string().min(1).describe("What the video is; names the play button."),
    provider: z
      .enum(["youtube", "vimeo"] as const satisfies (keyof typeof VIDEO_PLAYER_ORIGINS)[])
      .default("youtube"),
    videoId: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, "expected the provider's video id, not a URL")
      .describe("The id in the provider's URL, e.g. dQw4w9WgXcQ."),
    poster: imageRefSchema.describe("Still shown until the visitor presses play."),
    duration: z.string().optional().describe('e.g. "4:32".'),
  })
  .strict()
  .describe("Video: a poster that loads the player only when clicked.");

export const sectionSchema = z.discriminatedUnion("type", [
  heroSectionSchema,
  logoWallSectionSchema,
  featureGridSectionSchema,
  featureSplitSectionSchema,
  testimonialSectionSchema,
  statsSectionSchema,
  pricingTableSectionSchema,
  comparisonTableSectionSchema,
  faqSectionSchema,
  ctaBandSectionSchema,
  richTextSectionSchema,
  formSectionSchema,
  resourceCardsSectionSchema,
  videoSectionSchema,
]);

export type Section = z.infer<typeof sectionSchema>;
export type SectionType = Section["type"];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** Section types, in the order docs/sections.md lists them. */
export const SECTION_TYPES = sectionSchema.options.map(
  (option) => option.shape.type.value,
) as SectionType[];

/**
 * The rich-text section as page data carries it: the build replaces `markdown` with the
 * sanitised `html` (src/build/section-markdown.ts).
 */
/** An image field as page data carries it: the build resolves every ref (src/build/images.ts). */
type WithResolvedImages<T> = T extends ImageRef
  ? ResolvedImage
  : T extends readonly (infer Item)[]
    ? WithResolvedImages<Item>[]
    : T extends object
      ? { [Key in keyof T]: WithResolvedImages<T[Key]> }
      : T;

/**
 * A section as page data carries it: images resolved, and a rich-text section's `markdown`
 * replaced by its sanitised `html` (src/build/section-markdown.ts).
 */
export type RenderedSection =
  | WithResolvedImages<Exclude<Section, { type: "rich-text" }>>
  | (Omit<SectionOf<"rich-text">, "markdown"> & { html: string });
export type RenderedSectionOf<T extends SectionType> = Extract<RenderedSection, { type: T }>;
