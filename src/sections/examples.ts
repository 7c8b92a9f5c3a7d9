import type { RenderedSection } from "../content/index.ts";
import type { ResolvedImage } from "../images/index.ts";

/**
 * A sample picture for the style guide, already resolved: it is a static file
 * (static/images/styleguide/), so the style guide renders on any content, even one without
 * images. Real pages name files under content/images/ and the build resolves them.
 */
function sampleImage(file: string, alt: string): ResolvedImage {
  return {
    src: `/images/styleguide/${file}`,
    srcSet: "",
    sizes: "(min-width: 768px) 50vw, 100vw",
    sources: [],
    width: 1200,
    height: 900,
    layout: "constrained",
    alt,
    priority: false,
  };
}

const inbox = sampleImage(
  "shared-inbox.svg",
  "A shared inbox with a queue of customer conversations",
);

/** One example of every section type (and its variants) for the style guide. */
export const STYLEGUIDE_SECTIONS: RenderedSection[] = [
  {
    type: "hero",
    eyebrow: "Hero with image",
    headline: "Customer service software that feels personal",
    subhead: "Headline, subhead, up to three calls to action, small print and an image.",
    ctas: [
      { label: "Primary action", href: "/styleguide/" },
      { label: "Secondary action", href: "/styleguide/" },
    ],
    note: "Small print under the buttons.",
    image: inbox,
  },
  {
    type: "hero",
    background: "dark",
    eyebrow: "Hero without image, dark",
    headline: "A centred hero on a dark band",
    subhead: "Without an image the hero centres its text.",
    ctas: [
      { label: "Primary on dark", href: "/styleguide/" },
      { label: "Outline on dark", href: "/styleguide/" },
    ],
  },
  {
    type: "logo-wall",
    heading: "Logo wall",
    logos: [
      { name: "Northwind Outfitters" },
      { name: "Tidewater Labs" },
      { name: "Kestrel Health" },
    ],
  },
  {
    type: "feature-grid",
    heading: "Feature grid",
    intro: "Two, three or four columns of cards with an icon and an optional link.",
    columns: 4,
    items: [
      {
        icon: "inbox",
        title: "Inbox",
        text: "A card with an icon and a link.",
        href: "/styleguide/",
      },
      { icon: "book", title: "Knowledge", text: "A card with an icon." },
      { icon: "chat", title: "Messaging", text: "A card with an icon." },
      { title: "No icon", text: "A card without an icon." },
    ],
  },
  {
    type: "feature-split",
    background: "tint",
    heading: "Feature split",
    items: [
      {
        eyebrow: "Row one",
        title: "Text left, image right",
        text: "Rows alternate sides on wide screens and stack on phones.",
        bullets: ["A checklist item", "Another item"],
        image: inbox,
        cta: { label: "Row link", href: "/styleguide/" },
      },
      {
        eyebrow: "Row two",
        title: "Image left, text right",
        text: "The second row mirrors the first.",
        image: sampleImage("knowledge-base.svg", "A help centre with a search box"),
      },
    ],
  },
  {
    type: "testimonial",
    quote: "A testimonial with a result beside it keeps the quote and the number together.",
    name: "Camille Durand",
    role: "Head of Customer Experience",
    company: "Northwind Outfitters",
    metric: { value: "52 min", label: "median first reply" },
  },
  {
    type: "testimonial",
    background: "tint",
    quote: "Without a metric, the quote centres on its own.",
    name: "Marcus Oyelaran",
    role: "VP of Customer Support",
    company: "Brightline Transit",
  },
  {
    type: "stats",
    heading: "Stats",
    items: [
      { value: "41%", label: "faster first replies" },
      { value: "12k", label: "teams" },
      { value: "4.8/5", label: "rating" },
    ],
    source: "Source line in small print.",
  },
  {
    type: "pricing-table",
    heading: "Pricing table",
    defaultBilling: "annual",
    annualNote: "Annual billing saves 20%.",
    plans: [
      {
        name: "Standard",
        description: "A plan with a price.",
        price: { monthly: 25, annual: 20 },
        unit: "per user / month",
        features: ["Feature one of the plan", "Feature two of the plan"],
        cta: { label: "Choose Standard", href: "/styleguide/" },
      },
      {
        name: "Plus",
        badge: "Most popular",
        highlighted: true,
        description: "A highlighted plan with cents.",
        price: { monthly: 52.5, annual: 42 },
        unit: "per user / month",
        features: ["Everything in Standard", "Another feature"],
        cta: { label: "Choose Plus", href: "/styleguide/" },
      },
      {
        name: "Enterprise",
        description: "A plan priced by quote.",
        priceLabel: "Custom",
        unit: "per user / month",
        features: ["Everything in Plus"],
        cta: { label: "Talk to sales", href: "/styleguide/" },
      },
    ],
  },
  {
    type: "comparison-table",
    heading: "Comparison table",
    columns: ["Harbor Desk", "Other help desk"],
    rows: [
      { label: "A tick and a dash", values: [true, false] },
      { label: "Text values", values: ["Included", "$15 add-on"] },
    ],
    footnote: "A footnote under the table.",
  },
  {
    type: "faq",
    heading: "FAQ",
    items: [
      {
        question: "Does it need JavaScript?",
        answer: "No. Native disclosure elements open and close.",
      },
      {
        question: "Can an answer have paragraphs?",
        answer: "Yes.\n\nA blank line starts a new one.",
      },
    ],
  },
  {
    type: "cta-band",
    heading: "Call-to-action band, dark",
    text: "One or two buttons on a coloured strip.",
    ctas: [
      { label: "Primary", href: "/styleguide/" },
      { label: "Outline", href: "/styleguide/" },
    ],
  },
  {
    type: "cta-band",
    background: "tint",
    heading: "Call-to-action band, tint",
    ctas: [{ label: "Primary", href: "/styleguide/" }],
  },
  {
    type: "form",
    formId: "styleguide-demo",
    heading: "Form embed",
    text: "Until the forms engine renders the form, this links to the demo page.",
  },
  {
    type: "resource-cards",
    heading: "Resource cards",
    items: [
      { kind: "guide", title: "A guide", text: "Card text.", href: "/blog/" },
      {
        kind: "webinar",
        title: "A webinar",
        text: "Card text.",
        href: "/webinars/foundations-of-great-service/",
      },
      {
        kind: "blog",
        title: "A blog post",
        text: "Card text.",
        href: "/blog/measuring-what-matters/",
      },
    ],
  },
  {
    type: "video",
    heading: "Video facade",
    title: "Harbor Desk product tour",
    provider: "youtube",
    videoId: "hd-tour-2026",
    poster: { ...sampleImage("tour-poster.svg", ""), width: 1280, height: 720 },
    duration: "5:04",
  },
];
