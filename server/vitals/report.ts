/** The vitals report, pure: p75 of each metric per template and per page. */
import type { VitalMeasurement } from "../leads/store/index.ts";
import { VITAL_NAMES, type VitalName } from "./schema.ts";

/** What the report reads of each stored measurement. */
export type ReportMeasurement = Pick<VitalMeasurement, "name" | "value" | "path" | "template">;

/** The 75th percentile by nearest rank, as Core Web Vitals are assessed. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

export interface ReportRow {
  key: string;
  samples: number;
  p75: Partial<Record<VitalName, number>>;
}

export function summarise(
  records: readonly ReportMeasurement[],
  by: "template" | "path",
): ReportRow[] {
  const groups = new Map<string, Map<string, number[]>>();
  for (const record of records) {
    const key = record[by];
    const metrics = groups.get(key) ?? new Map<string, number[]>();
    groups.set(key, metrics);
    const values = metrics.get(record.name) ?? [];
    values.push(record.value);
    metrics.set(record.name, values);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, metrics]) => {
      const row: ReportRow = { key, samples: 0, p75: {} };
      for (const name of VITAL_NAMES) {
        const values = metrics.get(name) ?? [];
        row.samples = Math.max(row.samples, values.length);
        const value = p75(values);
        if (value !== null) row.p75[name] = value;
      }
      return row;
    });
}

function format(name: VitalName, value: number | undefined): string {
  if (value === undefined) return "–";
  return name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
}

/** A plain-text table, one per grouping. */
export function formatReport(records: readonly ReportMeasurement[], period: string): string {
  const lines = [`Core Web Vitals, p75, ${period} (${records.length} measurements)`];
  for (const by of ["template", "path"] as const) {
    const rows = summarise(records, by);
    lines.push("", `by ${by}:`);
    const header = [by.padEnd(40), "n".padStart(5), ...VITAL_NAMES.map((n) => n.padStart(10))];
    lines.push(header.join(" "));
    for (const row of rows) {
      lines.push(
        [
          row.key.padEnd(40),
          String(row.samples).padStart(5),
          ...VITAL_NAMES.map((name) => format(name, row.p75[name]).padStart(10)),
        ].join(" "),
      );
    }
    if (rows.length === 0) lines.push("(no data)");
  }
  return lines.join("\n");
}

/** `7d`, `24h`, `30m` → milliseconds. */
export function parsePeriod(text: string): number {
  const match = /^(\d+)([dhm])$/.exec(text.trim());
  if (!match) throw new Error(`period must look like 7d, 24h or 30m, got ${JSON.stringify(text)}`);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as "d" | "h" | "m"];
  return Number(match[1]) * unit;
}
