import type { RenderedSectionOf } from "../content/index.ts";
import { CheckIcon } from "../ui/index.ts";
import { headingId, type SectionProps } from "./props.ts";
import { SectionFrame, SectionIntro } from "./section-frame.tsx";

function Cell({ value }: { value: boolean | string }) {
  if (value === true) {
    return (
      <>
        <CheckIcon className="mx-auto size-5 text-green-700" />
        <span className="sr-only">Yes</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <span aria-hidden="true" className="text-slate">
          —
        </span>
        <span className="sr-only">No</span>
      </>
    );
  }
  return <>{value}</>;
}

export function ComparisonTableSection({
  section,
  index,
}: SectionProps<RenderedSectionOf<"comparison-table">>) {
  const id = headingId(index);
  return (
    <SectionFrame
      id={section.id}
      type="comparison-table"
      background={section.background}
      labelledBy={id}
    >
      <SectionIntro headingId={id} heading={section.heading} intro={section.intro} />
      <section
        className="relative overflow-x-auto rounded-2xl border border-charcoal-tint bg-white text-charcoal"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: wide tables scroll sideways in their own box on small screens, and a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label={`${section.heading}: table`}
      >
        <table className="w-full min-w-[36rem] border-collapse text-left">
          <thead>
            <tr>
              <td className="p-4" />
              {section.columns.map((column, columnIndex) => (
                <th
                  key={column}
                  scope="col"
                  className={`p-4 text-center font-semibold ${columnIndex === 0 ? "bg-slate-tint" : ""}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.label} className="border-t border-charcoal-tint">
                <th scope="row" className="p-4 font-medium">
                  {row.label}
                </th>
                {row.values.map((value, columnIndex) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional by column.
                    key={columnIndex}
                    className={`p-4 text-center ${columnIndex === 0 ? "bg-slate-tint" : ""}`}
                  >
                    <Cell value={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {section.footnote ? <p className="mt-4 text-sm text-slate">{section.footnote}</p> : null}
    </SectionFrame>
  );
}
