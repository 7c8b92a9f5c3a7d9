import type { FormDefinition } from "../forms/index.ts";
import { sanitize } from "./sanitize.ts";

/**
 * A form definition as it goes into page data: its HTML (group rich text, the privacy notice)
 * passed through the site's one sanitiser, so the renderer never sees unsanitised markup.
 */
export function placedForm(form: FormDefinition): FormDefinition {
  const consent = form.legalConsentOptions;
  return {
    ...form,
    fieldGroups: form.fieldGroups.map((group) =>
      group.richText === undefined ? group : { ...group, richText: sanitize(group.richText) },
    ),
    ...(consent
      ? {
          legalConsentOptions: {
            ...consent,
            ...(consent.privacyText === undefined
              ? {}
              : { privacyText: sanitize(consent.privacyText) }),
          },
        }
      : {}),
  };
}

/** The placed forms for these ids; content loading has already refused unknown ids. */
export function placedForms(
  forms: ReadonlyMap<string, FormDefinition>,
  ids: readonly string[],
): FormDefinition[] {
  return ids.flatMap((id) => {
    const form = forms.get(id);
    return form ? [placedForm(form)] : [];
  });
}
