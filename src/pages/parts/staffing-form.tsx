import {
  FIELD_RULES,
  type FieldErrors,
  type FieldKey,
  type RawInputs,
} from "../../tools/staffing/index.ts";
import { StaffingField } from "./staffing-field.tsx";

const GROUPS: { legend: string; note: string; fields: FieldKey[] }[] = [
  {
    legend: "Your opening hours",
    note: "When customers can reach a person. Volume is spread over these hours.",
    fields: ["hours_per_day", "days_per_week"],
  },
  {
    legend: "Email",
    note: "Enter 0 emails if you don't offer email support.",
    fields: ["email_volume", "email_aht", "email_reply_hours"],
  },
  {
    legend: "Live chat",
    note: "Chats in Beacon or any messenger. Enter 0 if you don't offer chat.",
    fields: ["chat_volume", "chat_aht", "chat_concurrency", "chat_sl", "chat_answer_seconds"],
  },
  {
    legend: "Phone",
    note: "Enter 0 calls if you don't take calls.",
    fields: ["phone_volume", "phone_aht", "phone_sl", "phone_answer_seconds"],
  },
  {
    legend: "Your team",
    note: "Shrinkage is paid time away from the queue; occupancy is how busy agents may be.",
    fields: ["shrinkage", "max_occupancy"],
  },
];

/** The form's id: the page reads what was typed into it before hydration (staffing-browser.ts). */
export const STAFFING_FORM_ID = "staffing-inputs";

/** The calculator's inputs, grouped by channel; every change recalculates at once. */
export function StaffingForm(props: {
  raw: RawInputs;
  errors: FieldErrors;
  onChange: (name: FieldKey, value: string) => void;
}) {
  return (
    <form
      id={STAFFING_FORM_ID}
      aria-label="Staffing inputs"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="space-y-6"
    >
      {GROUPS.map((group) => (
        <fieldset
          key={group.legend}
          className="rounded-lg border border-charcoal-tint p-5 print:break-inside-avoid"
        >
          <legend className="px-1 text-base font-bold text-charcoal">{group.legend}</legend>
          <p className="text-sm text-slate">{group.note}</p>
          <div className="mt-4 grid gap-4 s:grid-cols-2">
            {group.fields.map((name) => (
              <StaffingField
                key={name}
                name={name}
                rule={FIELD_RULES[name]}
                value={props.raw[name]}
                error={props.errors[name]}
                onChange={props.onChange}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </form>
  );
}
