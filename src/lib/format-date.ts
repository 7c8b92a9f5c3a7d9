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
 * Each date spelled once: a build formats about 100,000 dates of a few thousand days (a post's,
 * its neighbours', its related posts', every list's), and parsing each into a Date was 0.1 s of
 * each render thread's CPU at 10,000 posts. A site has as many entries as days it published on.
 */
const formattedDates = new Map<string, string>();

/**
 * "2026-09-14" → "September 14, 2026", in UTC so server and browser render the same text.
 * Spelled by hand, as Intl's en-US long date would: a blog page would otherwise create the
 * page's first Intl formatter when it hydrates, and that loads the browser's ICU data (50–65 ms
 * of main thread, see format.ts). A unit test compares the two.
 */
export function formatDate(isoDate: string): string {
  let formatted = formattedDates.get(isoDate);
  if (formatted === undefined) {
    const date = new Date(`${isoDate}T00:00:00Z`);
    formatted = Number.isNaN(date.getTime())
      ? isoDate
      : `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
    formattedDates.set(isoDate, formatted);
  }
  return formatted;
}
