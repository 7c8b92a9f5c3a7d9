/**
 * Prices on pricing tables, en-US dollars. Whole-dollar prices drop the cents ("$25", not
 * "$25.00"); others keep two decimals. The one place pricing formats money: it switches to
 * the shared currency formatter once that lands.
 */
const WITH_CENTS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const WITHOUT_CENTS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? WITHOUT_CENTS.format(amount) : WITH_CENTS.format(amount);
}
