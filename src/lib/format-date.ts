const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * "2026-09-14" → "September 14, 2026", in UTC so server and browser render the same text.
 * Spelled by hand, as Intl's en-US long date would: a blog page would otherwise create the
 * page's first Intl formatter when it hydrates, and that loads the browser's ICU data (50–65 ms
 * of main thread, see format.ts). A unit test compares the two.
 */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
