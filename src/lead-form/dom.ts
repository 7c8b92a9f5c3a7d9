import type { ValueReader } from "./validity.ts";

/**
 * The form's browser adapter: the only module that touches the DOM, cookies, `window.open`
 * and `crypto`. Logic elsewhere takes what these return as plain values.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Every control named `name` inside this form (a radio group has several). */
export function controlsNamed(form: HTMLFormElement, name: string): Control[] {
  const item = form.elements.namedItem(name);
  if (!item) return [];
  if (item instanceof RadioNodeList) return Array.from(item) as Control[];
  return [item as Control];
}

export function domReader(form: HTMLFormElement): ValueReader {
  return {
    value(name) {
      const item = form.elements.namedItem(name);
      if (item instanceof RadioNodeList) return item.value;
      return (item as Control | null)?.value ?? "";
    },
    hasFile(name) {
      const [input] = controlsNamed(form, name);
      return Boolean(input instanceof HTMLInputElement && input.files && input.files.length > 0);
    },
    checked(name) {
      const [input] = controlsNamed(form, name);
      return input instanceof HTMLInputElement && input.checked;
    },
  };
}

/** The browser's constraint validation carries our message (§5: native validity, custom messages). */
export function setValidity(form: HTMLFormElement, name: string, message: string | null): void {
  for (const control of controlsNamed(form, name)) control.setCustomValidity(message ?? "");
}

/** The file chosen in a file input, if any. */
export function chosenFile(form: HTMLFormElement, name: string): File | null {
  const [input] = controlsNamed(form, name);
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}

/**
 * §3: the page name is the text of the first heading. Headings keep words together with
 * non-breaking spaces (§5); the CRM gets plain spaces, so reports group by the same name.
 */
export function pageName(): string {
  const heading = document.querySelector("h1")?.textContent ?? "";
  return heading.replace(/\s+/g, " ").trim() || document.title;
}

/** A fresh id per submission attempt. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Opens a URL in a new tab without handing it this page (`noopener`). */
export function openInNewTab(url: string): void {
  window.open(url, "_blank", "noopener");
}

/** Tag managers listen for this to count a lead; it carries the form id only, no personal data. */
export const FORM_SUBMITTED_EVENT = "harbor:form-submitted";

/** The pages' submitted callback (§4): tells the page's listeners which form succeeded. */
export function announceSubmitted(formId: string): void {
  window.dispatchEvent(new CustomEvent(FORM_SUBMITTED_EVENT, { detail: { formId } }));
}
