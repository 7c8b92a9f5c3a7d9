import {
  CONSENT_TO_PROCESS_FIELD,
  communicationsConsentField,
  type LegalConsentOptions,
} from "../forms/index.ts";
import { RichText } from "../ui/index.ts";
import { controlId, ErrorText, errorAria, errorId, RequiredMark } from "./fields.tsx";

/**
 * The consent block (§3 legalConsentOptions): the consent-to-process checkbox when the form
 * has its text, one checkbox per communications subscription, and the privacy notice (HTML
 * the build has sanitised).
 */
export function ConsentBlock({
  consent,
  idBase,
  errors,
}: {
  consent: LegalConsentOptions;
  idBase: string;
  errors: Readonly<Record<string, string>>;
}) {
  const required = consent.communicationsCheckboxes.filter((box) => box.required);
  // One required box is plainly required; several share "select at least one" (custom validity).
  const nativeRequired = (boxRequired: boolean) => boxRequired && required.length === 1;
  const boxes = [
    ...(consent.consentToProcessText
      ? [{ name: CONSENT_TO_PROCESS_FIELD, label: consent.consentToProcessText, required: true }]
      : []),
    ...consent.communicationsCheckboxes.map((box) => ({
      name: communicationsConsentField(box.subscriptionTypeId),
      label: box.label,
      required: box.required,
    })),
  ];
  return (
    <div className="space-y-2 text-sm text-slate">
      {boxes.map((box) => {
        const id = controlId(idBase, box.name);
        return (
          <div key={box.name} data-field={box.name}>
            <div className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                name={box.name}
                value="true"
                required={box.name === CONSENT_TO_PROCESS_FIELD || nativeRequired(box.required)}
                className="mt-0.5 size-4 shrink-0 accent-cobalt"
                {...errorAria(idBase, box.name, errors[box.name])}
              />
              <label htmlFor={id} className="text-charcoal">
                {box.label}
                <RequiredMark required={box.required} />
              </label>
            </div>
            <ErrorText id={errorId(idBase, box.name)} error={errors[box.name]} />
          </div>
        );
      })}
      {consent.privacyText ? (
        <RichText html={consent.privacyText} className="text-xs text-slate" />
      ) : null}
    </div>
  );
}
