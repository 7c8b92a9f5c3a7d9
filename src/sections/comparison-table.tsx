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

/**
 * Below the `m` breakpoint the table cannot show its columns side by side with their labels:
 * each row becomes a grid, its label on a line of its own and the values in columns under the
 * headings. The explicit roles keep it a table for assistive technology, which display: grid
 * on table elements can otherwise drop.
 */
export function ComparisonTableSection({
  section,
  index,
}: SectionProps<RenderedSectionOf<"comparison-table">>) {
  const id = headingId(index);
  const columns = { gridTemplateColumns: `repeat(${section.columns.length}, minmax(0, 1fr))` };
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
        <table
          // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
          role="table"
          className="w-full border-collapse text-left m:min-w-[36rem]"
        >
          <thead
            // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
            role="rowgroup"
          >
            <tr
              // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
              role="row"
              className="grid m:table-row"
              style={columns}
            >
              <td
                // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
                role="cell"
                className="hidden p-4 m:table-cell"
              />
              {section.columns.map((column, columnIndex) => (
                <th
                  key={column}
                  scope="col"
                  // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
                  role="columnheader"
                  className={`p-3 text-center font-semibold m:p-4 ${columnIndex === 0 ? "bg-slate-tint" : ""}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
            role="rowgroup"
          >
            {section.rows.map((row) => (
              <tr
                key={row.label}
                // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
                role="row"
                className="grid border-t border-charcoal-tint m:table-row"
                style={columns}
              >
                <th
                  scope="row"
                  // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
                  role="rowheader"
                  className="col-span-full px-3 pt-3 pb-1 font-medium m:p-4"
                >
                  {row.label}
                </th>
                {row.values.map((value, columnIndex) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional by column.
                    key={columnIndex}
                    // biome-ignore lint/a11y/noRedundantRoles: kept explicit (see above)
                    role="cell"
                    className={`p-3 text-center text-sm m:p-4 m:text-base ${columnIndex === 0 ? "bg-slate-tint" : ""}`}
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
