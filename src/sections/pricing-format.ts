/**
 * Prices on pricing tables, en-US dollars. Whole-dollar prices drop the cents ("$25", not
 * "$25.00"); others keep two decimals. The one place pricing formats money: it switches to
 * the shared currency formatter once that lands.
 */
let formatters: { cents: Intl.NumberFormat; whole: Intl.NumberFormat } | null = null;

export function formatPrice(amount: number): string {
  // Created on first use, so importing this module has no side effects (and tree-shakes).
  formatters ??= {
    cents: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
    whole: new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
  };
  return Number.isInteger(amount)
    ? formatters.whole.format(amount)
    : formatters.cents.format(amount);
}
