import type { ReactNode } from "react";
import { ICON_NAMES } from "../content/index.ts";
import { Sections, STYLEGUIDE_SECTIONS } from "../sections/index.ts";
import { ButtonLink } from "../shell/index.ts";
import {
  BADGE_COLORS,
  BADGE_SIZES,
  Badge,
  type BadgeColor,
  type BadgeSize,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  BUTTON_VARIANTS_ON_DARK,
  Button,
  type ButtonSize,
  type ButtonVariant,
  CARD_TONES,
  Card,
  type CardTone,
  Container,
  Grid,
  HEADING_SIZES,
  Heading,
  type HeadingSize,
  Icon,
} from "../ui/index.ts";

/** The spec's thirteen colours (§9), as swatches; classes are literals so the CSS build sees them. */
const SWATCHES = [
  ["charcoal", "bg-charcoal"],
  ["charcoal tint", "bg-charcoal-tint"],
  ["clay", "bg-clay"],
  ["clay tint", "bg-clay-tint"],
  ["cobalt", "bg-cobalt"],
  ["green", "bg-green"],
  ["magenta", "bg-magenta"],
  ["orange", "bg-orange"],
  ["purple", "bg-purple"],
  ["red", "bg-red"],
  ["slate", "bg-slate"],
  ["slate tint", "bg-slate-tint"],
  ["yellow", "bg-yellow"],
] as const;

const TYPE_SAMPLES: { size: HeadingSize | "lead" | "body"; sample: string }[] = [
  { size: "display", sample: "Display: the page's headline" },
  { size: "h1", sample: "Heading 1 for page titles" },
  { size: "h2", sample: "Heading 2 opens a section" },
  { size: "h3", sample: "Heading 3 names a card" },
  { size: "h4", sample: "Heading 4 for small groups" },
];

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-charcoal-tint py-12">
      <Heading id={id} level={2} className="mb-6">
        {title}
      </Heading>
      {children}
    </section>
  );
}

const variants = Object.keys(BUTTON_VARIANTS) as ButtonVariant[];
const sizes = Object.keys(BUTTON_SIZES) as ButtonSize[];

/** Every design-system component in every variant; noindex and outside the sitemap. */
export default function StyleguidePage() {
  return (
    <div>
      <Container className="pt-section">
        <p className="text-overline text-cobalt">Design system</p>
        <Heading level={1} size="display" className="mt-3">
          Harbor Desk style guide
        </Heading>
        <p className="mt-4 max-w-3xl text-lead text-slate">
          Tokens, components and page sections as they render on the site. Fluid sizes grow between
          375 and 1600 px wide.
        </p>

        <Block id="sg-colours" title="Colours">
          <ul className="grid grid-cols-2 gap-4 s:grid-cols-3 l:grid-cols-5">
            {SWATCHES.map(([name, className]) => (
              <li key={name} className="rounded-xl border border-charcoal-tint p-2">
                <span className={`block h-16 rounded-lg ${className}`} />
                <span className="mt-2 block text-sm font-semibold">{name}</span>
              </li>
            ))}
          </ul>
        </Block>

        <Block id="sg-type" title="Type scale">
          <div className="space-y-4">
            {TYPE_SAMPLES.map(({ size, sample }) => (
              <p
                key={size}
                className={size in HEADING_SIZES ? HEADING_SIZES[size as HeadingSize] : ""}
              >
                {sample}
              </p>
            ))}
            <p className="text-lead text-slate">Lead: the sentence under a headline.</p>
            <p>
              Body: the platform&rsquo;s own interface face at 16 px with a line height of 1.5 for
              comfortable reading; no web font to wait for.
            </p>
            <p className="text-overline text-cobalt">Overline</p>
          </div>
        </Block>

        <Block id="sg-headings" title="Headline text rules">
          <p className="mb-4 text-slate">
            The product name never breaks; the last two words stay together unless either is longer
            than five characters.
          </p>
          <Heading level={3}>Harbor Desk keeps the queue calm</Heading>
          <Heading level={3} className="mt-2">
            Help customers before they ask
          </Heading>
        </Block>

        <Block id="sg-buttons" title="Buttons">
          <div className="space-y-6">
            {variants.map((variant) => (
              <div key={variant} className="flex flex-wrap items-center gap-3">
                {sizes.map((size) => (
                  <Button key={size} variant={variant} size={size}>
                    {`${variant} ${size}`}
                  </Button>
                ))}
                <ButtonLink href="/styleguide/" variant={variant}>
                  {`${variant} link`}
                </ButtonLink>
                <Button variant={variant} disabled>
                  {`${variant} disabled`}
                </Button>
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-charcoal p-6">
              {variants.map((variant) => (
                <Button key={variant} variant={variant} variants={BUTTON_VARIANTS_ON_DARK}>
                  {`${variant} on dark`}
                </Button>
              ))}
            </div>
          </div>
        </Block>

        <Block id="sg-badges" title="Badges">
          <div className="space-y-3">
            {(Object.keys(BADGE_SIZES) as BadgeSize[]).map((size) => (
              <div key={size} className="flex flex-wrap gap-2">
                {(Object.keys(BADGE_COLORS) as BadgeColor[]).map((color) => (
                  <Badge key={color} color={color} size={size}>
                    {`${color} ${size}`}
                  </Badge>
                ))}
              </div>
            ))}
          </div>
        </Block>

        <Block id="sg-cards" title="Cards and grid">
          <Grid columns={3}>
            {(Object.keys(CARD_TONES) as CardTone[]).map((tone) => (
              <Card key={tone} tone={tone}>
                <Heading level={3}>{`Card, ${tone}`}</Heading>
                <p className="mt-2 text-slate">Cards group one thing: a feature, a plan, a link.</p>
              </Card>
            ))}
          </Grid>
        </Block>

        <Block id="sg-icons" title="Icons">
          <ul className="grid grid-cols-3 gap-4 s:grid-cols-5 l:grid-cols-10">
            {ICON_NAMES.map((name) => (
              <li key={name} className="flex flex-col items-center gap-2 text-sm text-slate">
                <Icon name={name} className="size-6 text-cobalt" />
                {name}
              </li>
            ))}
          </ul>
        </Block>

        <Block id="sg-prose" title="Rich text">
          <div className="prose max-w-3xl">
            <p>
              Paragraphs, <a href="/styleguide/">links</a>, <strong>bold</strong> and{" "}
              <code>code</code>.
            </p>
            <div className="callout">
              <p>A callout is a boxed block for something readers must not miss.</p>
            </div>
            <table>
              <thead>
                <tr>
                  <th>Table</th>
                  <th>Full width</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>No zebra</td>
                  <td>striping</td>
                </tr>
                <tr>
                  <td>Rows divide</td>
                  <td>with a rule</td>
                </tr>
              </tbody>
            </table>
          </div>
        </Block>

        <div className="border-t border-charcoal-tint pt-12">
          <Heading level={2}>Sections</Heading>
        </div>
      </Container>
      <Sections sections={STYLEGUIDE_SECTIONS} pageTop={false} />
    </div>
  );
}
