import { createHash } from "node:crypto";
import {
  CONSENT_TO_PROCESS_FIELD,
  communicationsConsentField,
  type FieldIssue,
  type FormDefinition,
  formFields,
} from "../../../src/forms/index.ts";

/** What a visitor reads after a stored submission (spec §3: customSuccessMessage wins). */
export function successMessage(form: FormDefinition): string {
  return form.customSuccessMessage ?? form.configuration.postSubmitAction.value;
}

const versions = new WeakMap<FormDefinition, string>();

/** A short hash of the definition a lead was checked against, so a lead can be traced to it. */
export function formVersion(form: FormDefinition): string {
  let version = versions.get(form);
  if (!version) {
    version = createHash("sha256").update(JSON.stringify(form)).digest("hex").slice(0, 16);
    versions.set(form, version);
  }
  return version;
}

/** The label a visitor knows a field by; the name for unknown fields. */
export function fieldLabel(form: FormDefinition | null, name: string): string {
  if (form) {
    const field = formFields(form).find((candidate) => candidate.name === name);
    if (field?.label) return field.label;
    const consent = form.legalConsentOptions;
    if (consent && name === CONSENT_TO_PROCESS_FIELD) return "Consent to process your data";
    const box = consent?.communicationsCheckboxes.find(
      (candidate) => communicationsConsentField(candidate.subscriptionTypeId) === name,
    );
    if (box) return box.label;
  }
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}

const LISTED_ISSUES = 8;

/** One sentence naming each field and why, for the form's error area. */
export function issuesMessage(form: FormDefinition | null, issues: readonly FieldIssue[]): string {
  const listed = issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `${fieldLabel(form, issue.field)}: ${issue.message}`);
  const more = issues.length > LISTED_ISSUES ? `; and ${issues.length - LISTED_ISSUES} more` : "";
  return `Please check ${issues.length === 1 ? "this field" : "these fields"}. ${listed.join("; ")}${more}`;
}
