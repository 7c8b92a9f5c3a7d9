import { useState } from "react";
import type { PricingPlan, RenderedSectionOf } from "../content/index.ts";
import { Badge, Card, CheckIcon, Heading } from "../ui/index.ts";
import { type Billing, BillingToggle } from "./billing-toggle.tsx";
import { CtaLink } from "./cta-links.tsx";
import { formatPrice } from "./pricing-format.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame, SectionIntro } from "./section-frame.tsx";

const PLAN_COLUMNS = {
  1: "max-w-md mx-auto",
  2: "m:grid-cols-2 max-w-4xl mx-auto",
  3: "l:grid-cols-3",
  4: "m:grid-cols-2 xl:grid-cols-4",
} as const;

function PlanPrice({ plan, billing }: { plan: PricingPlan; billing: Billing }) {
  if (!plan.price) {
    return <p className="text-stat font-bold tracking-tight">{plan.priceLabel}</p>;
  }
  const amount = billing === "annual" ? plan.price.annual : plan.price.monthly;
  return (
    <p>
      <span className="text-stat font-bold tracking-tight" data-price={billing}>
        {formatPrice(amount)}
      </span>{" "}
      <span className="text-slate">{plan.unit}</span>
      <span className="block text-sm text-slate">
        {billing === "annual" ? "billed annually" : "billed monthly"}
      </span>
    </p>
  );
}

export function PricingTableSection({
  section,
  index,
}: SectionProps<RenderedSectionOf<"pricing-table">>) {
  const [billing, setBilling] = useState<Billing>(section.defaultBilling);
  const id = headingId(index);
  const priced = section.plans.some((plan) => plan.price);
  const columns =
    PLAN_COLUMNS[section.plans.length as keyof typeof PLAN_COLUMNS] ?? PLAN_COLUMNS[4];
  return (
    <SectionFrame
      id={section.id}
      type="pricing-table"
      background={section.background}
      labelledBy={section.heading ? id : undefined}
      width="wide"
    >
      <SectionIntro headingId={id} heading={section.heading} intro={section.intro} />
      {priced ? (
        <div className="mb-10">
          <BillingToggle billing={billing} onChange={setBilling} annualNote={section.annualNote} />
        </div>
      ) : null}
      <div className={`grid grid-cols-1 gap-6 ${columns}`}>
        {section.plans.map((plan) => (
          <Card
            key={plan.name}
            tone={plan.highlighted ? "highlight" : "white"}
            className="flex flex-col text-charcoal"
          >
            <div className="flex items-center justify-between gap-2">
              <Heading level={section.heading ? 3 : 2} size="h3">
                {plan.name}
              </Heading>
              {plan.badge ? (
                <Badge color="cobalt" size="S">
                  {plan.badge}
                </Badge>
              ) : null}
            </div>
            <p className="mt-2 min-h-12 text-slate">{plan.description}</p>
            <div className="mt-6">
              <PlanPrice plan={plan} billing={billing} />
            </div>
            <div className="mt-6">
              <CtaLink
                cta={plan.cta}
                fallbackVariant={plan.highlighted ? "primary" : "outline"}
                size="M"
              />
            </div>
            <ul className="mt-8 space-y-3 border-t border-charcoal-tint pt-6 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </SectionFrame>
  );
}
