/**
 * The server renderer's entry into the templates: it hands the real lead form to the parts
 * that defer it on the client, so prerendered pages carry the full form.
 */
import { LeadForm } from "../lead-form/index.ts";
import { provideServerLeadForm } from "./parts/deferred-lead-form.tsx";

export function provideTemplatePartsToServerRenderer(): void {
  provideServerLeadForm(LeadForm);
}
