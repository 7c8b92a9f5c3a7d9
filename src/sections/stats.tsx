import type { RenderedSectionOf } from "../content/index.ts";
import { Heading } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame } from "./section-frame.tsx";

const COLUMNS = {
  2: "s:grid-cols-2",
  3: "s:grid-cols-3",
  4: "s:grid-cols-2 l:grid-cols-4",
} as const;

export function StatsSection({ section, index }: SectionProps<RenderedSectionOf<"stats">>) {
  const id = headingId(index);
  const dark = section.background === "dark";
  const columns = COLUMNS[section.items.length as keyof typeof COLUMNS] ?? COLUMNS[4];
  return (
    <SectionFrame
      id={section.id}
      type="stats"
      background={section.background}
      labelledBy={section.heading ? id : undefined}
    >
      {section.heading ? (
        <Heading id={id} level={2} className="mb-10 text-center">
          {section.heading}
        </Heading>
      ) : null}
      <dl className={`grid grid-cols-1 gap-8 text-center ${columns}`}>
        {section.items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className={`mt-1 ${dark ? "text-charcoal-tint" : "text-slate"}`}>{item.label}</dt>
            <dd
              className={`text-stat font-bold tracking-tight ${dark ? "text-white" : "text-cobalt"}`}
            >
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      {section.source ? (
        <p className={`mt-8 text-center text-sm ${dark ? "text-charcoal-tint" : "text-slate"}`}>
          {section.source}
        </p>
      ) : null}
    </SectionFrame>
  );
}
