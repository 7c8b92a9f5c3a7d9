/**
 * Lead forms in the browser: the renderer, its submission to the lead API and its states.
 * Loaded only by pages that place a form (its own chunk); the rules it applies come from
 * src/forms, shared with the lead API.
 */

export { announceSubmitted, FORM_SUBMITTED_EVENT } from "./dom.ts";
export { LeadForm, type LeadFormProps, NATIVE_POST_FIELDS } from "./lead-form.tsx";
export { type FormState, queryOutcome, redirectAfterSuccess, successMessage } from "./state.ts";
