import type { FormDefinition, FormField } from "./schema.ts";

/** Every field of a form, in order. Free of zod, so the browser bundle can import it. */
export function formFields(form: FormDefinition): FormField[] {
  return form.fieldGroups.flatMap((group) => group.alternative_fields);
}
