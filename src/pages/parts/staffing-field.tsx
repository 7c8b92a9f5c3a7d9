import type { FieldKey, FieldRule } from "../../tools/staffing/index.ts";

/** One labelled number input; its unit and any error are tied to it by aria-describedby. */
export function StaffingField(props: {
  name: FieldKey;
  rule: FieldRule;
  value: string;
  error: string | undefined;
  onChange: (name: FieldKey, value: string) => void;
}) {
  const { name, rule, value, error } = props;
  const id = `staffing-${name}`;
  const unitId = `${id}-unit`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-charcoal">
        {rule.label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => props.onChange(name, event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${unitId} ${errorId}` : unitId}
          className="w-28 rounded-md border border-slate bg-white px-3 py-2 text-charcoal tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-cobalt aria-[invalid=true]:border-2 aria-[invalid=true]:border-clay"
        />
        <span id={unitId} className="text-sm text-slate">
          {rule.unit}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-clay" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
