import {
  consentFieldNames,
  consentIssues,
  type FormDefinition,
  type FormField,
  fieldError,
  formFields,
} from "../forms/index.ts";

/** What validation needs to know about a form's current values, wherever they live. */
export interface ValueReader {
  /** A text, select or radio group's value; "" when empty. */
  value(name: string): string;
  /** Whether a file input holds a chosen file. */
  hasFile(name: string): boolean;
  /** Whether a checkbox is ticked. */
  checked(name: string): boolean;
}

/**
 * The message a control shows, or null when it is valid, by the shared rules of §5: the same
 * `fieldError` and `consentIssues` the lead API applies. A file field is checked for presence
 * only: its value becomes an upload URL just before sending.
 */
export function controlMessage(
  form: FormDefinition,
  name: string,
  reader: ValueReader,
): string | null {
  if (consentFieldNames(form).includes(name)) {
    const issue = consentIssues(form, (box) => reader.checked(box)).find(
      (candidate) => candidate.field === name,
    );
    return issue?.message ?? null;
  }
  const field = formFields(form).find((candidate) => candidate.name === name);
  if (!field || field.hidden) return null;
  if (field.fieldType === "file") return reader.hasFile(name) ? null : fieldError(field, "");
  return fieldError(field, reader.value(name));
}

/**
 * Names of the controls a change to `name` can make valid or invalid: a consent checkbox
 * affects every consent box when "at least one" of several is required.
 */
export function affectedControls(form: FormDefinition, name: string): string[] {
  const consent = consentFieldNames(form);
  return consent.includes(name) ? consent : [name];
}

/** Every visible control's name, in the order the form shows them (fields, then consent). */
export function visibleControlNames(form: FormDefinition): string[] {
  return [
    ...formFields(form)
      .filter((field: FormField) => !field.hidden)
      .map((field) => field.name),
    ...consentFieldNames(form),
  ];
}
