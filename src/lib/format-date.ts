// One formatter for the whole process: creating Intl formatters is slow, and the prerender
// formats a date on every post and list item. Marked pure so a page that imports lib/ for
// something else does not carry the formatter.
const FORMATTER = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "2026-09-14" → "September 14, 2026", in UTC so server and browser render the same text. */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return FORMATTER.format(date);
}
