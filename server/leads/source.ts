/**
 * Where a lead came from, for `leads stats --by source` and the CSV export: the utm source of
 * the last-touch attribution cookie the request carried, else the utm_source of the page the
 * form was on (or the hidden utm_source field), else "(none)".
 */
import { LAST_TOUCH_COOKIE, parseLastTouch } from "../../src/attribution/index.ts";
import type { StoredLead } from "./store/types.ts";

export const NO_SOURCE = "(none)";

export function leadSource(lead: Pick<StoredLead, "attribution" | "context" | "values">): string {
  const touch = parseLastTouch(lead.attribution[LAST_TOUCH_COOKIE]);
  if (touch?.source) return touch.source;
  if (lead.context.pageUri) {
    try {
      const fromPage = new URL(lead.context.pageUri).searchParams.get("utm_source")?.trim();
      if (fromPage) return fromPage;
    } catch {}
  }
  return lead.values.utm_source?.trim() || NO_SOURCE;
}
