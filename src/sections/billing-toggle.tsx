export type Billing = "monthly" | "annual";

/**
 * The monthly/annual switch: two radio-like buttons in a group. Before hydration both are
 * plain buttons showing the default, so the prerendered page reads correctly without script.
 */
export function BillingToggle({
  billing,
  onChange,
  annualNote,
}: {
  billing: Billing;
  onChange: (billing: Billing) => void;
  annualNote?: string | undefined;
}) {
  const option = (value: Billing, label: string) => (
    <button
      type="button"
      aria-pressed={billing === value}
      onClick={() => onChange(value)}
      className={
        billing === value
          ? "min-h-10 rounded-full bg-charcoal px-5 font-semibold text-white"
          : "min-h-10 rounded-full px-5 font-semibold text-charcoal hover:bg-white"
      }
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col items-center gap-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend we show elsewhere; role=group with a label is the same to assistive tech. */}
      <div
        role="group"
        aria-label="Billing period"
        className="inline-flex gap-1 rounded-full bg-slate-tint p-1"
      >
        {option("monthly", "Monthly")}
        {option("annual", "Annual")}
      </div>
      {annualNote ? <p className="text-sm text-slate">{annualNote}</p> : null}
    </div>
  );
}
