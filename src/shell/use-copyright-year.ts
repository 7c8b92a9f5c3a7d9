import { useEffect, useState } from "react";

/**
 * The year for the copyright line. The HTML is prerendered at build time, so the server's
 * year may be older than the visitor's. The first client render must match the HTML, so the
 * element carrying the year sets suppressHydrationWarning; after mounting, `remountKey`
 * changes, which replaces that element with one showing the current year.
 */
export function useCopyrightYear(): { year: number; remountKey: string } {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return { year: new Date().getFullYear(), remountKey: mounted ? "client" : "prerender" };
}
