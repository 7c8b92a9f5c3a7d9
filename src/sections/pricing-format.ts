import { formatCurrency } from "../lib/index.ts";

/**
 * Prices on pricing tables, en-US dollars through the site's currency formatter. Whole-dollar
 * prices drop the cents ("$25", not "$25.00"); others keep two decimals.
 */
export function formatPrice(amount: number): string {
  return formatCurrency(amount, { dropCents: Number.isInteger(amount) });
}
