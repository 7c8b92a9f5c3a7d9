/*
 * Form filling for the standalone script. Values are set through the native value setter and
 * announced with input/change events, so framework-controlled inputs (React) see them too.
 */

type FillableField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isFillable(element: unknown): element is FillableField {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

export function requireForm(helper: string, form: unknown): HTMLFormElement {
  if (!(form instanceof HTMLFormElement)) {
    throw new TypeError(
      `${helper}: expected a <form> element, got ${describeValue(form)}. Pass the sign-up form, e.g. document.querySelector("form").`,
    );
  }
  return form;
}

/** The form's fields with a name, in document order. */
export function namedFields(form: HTMLFormElement): FillableField[] {
  return Array.from(form.elements).filter(
    (element): element is FillableField => isFillable(element) && element.name !== "",
  );
}

export function setFieldValue(field: FillableField, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return (value as { constructor?: { name?: string } }).constructor?.name ?? "an object";
}
