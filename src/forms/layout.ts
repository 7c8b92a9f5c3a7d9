import { COMPACT_FORM_THRESHOLD, QUERY_PREFILL_PREFIXES } from "./constants.ts";
import { formFields } from "./fields.ts";
import type { FormDefinition, FormField } from "./schema.ts";

/** Layout rules of §5, pure so the renderer and its tests share them. */

export function visibleFields(form: FormDefinition): FormField[] {
  return formFields(form).filter((field) => !field.hidden);
}

/** A form with an email field and no other visible field: its submit button sits inline. */
export function isEmailCatcher(form: FormDefinition): boolean {
  const visible = visibleFields(form);
  return visible.length === 1 && visible[0]?.fieldType === "email";
}

/** Forms with 6 or more visible fields are compact; `isCompact` forces it. */
export function isCompactForm(form: FormDefinition): boolean {
  return form.isCompact || visibleFields(form).length >= COMPACT_FORM_THRESHOLD;
}

const FIRST_NAME = /^(first_?name|firstname|fname)$/i;
const LAST_NAME = /^(last_?name|lastname|lname)$/i;

/** First and last name fields sit side by side: true for a first-name field followed by a last-name one. */
export function isNamePair(first: FormField | undefined, second: FormField | undefined): boolean {
  return Boolean(first && second && FIRST_NAME.test(first.name) && LAST_NAME.test(second.name));
}

/** §5: hidden fields named utm_*, hs_*, gclid* or content_types* take the same-named query parameter. */
export function isQueryPrefilled(field: FormField): boolean {
  return field.hidden && QUERY_PREFILL_PREFIXES.some((prefix) => field.name.startsWith(prefix));
}

/** GA_Source, GA_Medium… and their _First variants take attribution values (§3). */
export function isAttributionField(field: FormField): boolean {
  return field.hidden && field.name.startsWith("GA_");
}
