/**
 * A stored lead + its form definition → the HubSpot Forms API v3 request body. Pure.
 * The definition decides everything the CRM sees about the form: which fields exist, each
 * field's objectTypeId, and the consent texts the visitor agreed to (never the request).
 */
import { isIP } from "node:net";
import {
  CONSENT_TO_PROCESS_FIELD,
  communicationsConsentField,
  type FormDefinition,
  formFields,
  UPLOADED_FILE_PATH_PREFIX,
} from "../../../src/forms/index.ts";
import type { StoredLead } from "../store/types.ts";

export interface HubSpotField {
  objectTypeId: string;
  name: string;
  value: string;
}

export interface HubSpotCommunication {
  value: boolean;
  subscriptionTypeId: number;
  text: string;
}

export interface HubSpotSubmission {
  fields: HubSpotField[];
  context: { hutk?: string; pageUri?: string; pageName?: string; ipAddress?: string };
  legalConsentOptions?: {
    consent: {
      consentToProcess: boolean;
      text: string;
      communications: HubSpotCommunication[];
    };
  };
  /** Milliseconds since the epoch, when the visitor submitted (not when we delivered). */
  submittedAt: string;
}

/** HubSpot's tracking cookie is 32 hex digits; anything else would make the CRM refuse the lead. */
const HUTK = /^[0-9a-f]{32}$/i;

const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();

function absoluteUrl(value: string, base: string | undefined): string {
  if (!value.startsWith(UPLOADED_FILE_PATH_PREFIX) || !base) return value;
  try {
    const url = new URL(value, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : value;
  } catch {
    return value;
  }
}

export interface SubmissionOptions {
  /**
   * The site's public address, on which uploaded-file paths become links (site-address.ts).
   * Without it they stay paths: the page address a lead reports is the sender's to choose.
   */
  publicBaseUrl?: string | undefined;
}

export function buildSubmission(
  lead: StoredLead,
  form: FormDefinition,
  options: SubmissionOptions = {},
): HubSpotSubmission {
  const base = options.publicBaseUrl;
  const fields: HubSpotField[] = [];
  for (const field of formFields(form)) {
    const value = lead.values[field.name];
    if (value === undefined || value === "") continue;
    fields.push({
      objectTypeId: field.objectTypeId,
      name: field.name,
      value: field.fieldType === "file" ? absoluteUrl(value, base) : value,
    });
  }

  const context: HubSpotSubmission["context"] = {};
  const hutk = lead.context.hubspotutk ?? lead.attribution.hubspotutk;
  if (hutk && HUTK.test(hutk)) context.hutk = hutk;
  if (lead.context.pageUri) context.pageUri = lead.context.pageUri;
  if (lead.context.pageName) context.pageName = lead.context.pageName;
  // The address the server saw first: the reported one is whatever the visitor chose to send
  // (the form copies GET /api/ip, so they agree unless someone lies). Reported only as a fallback.
  const ip = [lead.ip, lead.context.ipAddress].find((candidate) => candidate && isIP(candidate));
  if (ip) context.ipAddress = ip;

  const submission: HubSpotSubmission = {
    fields,
    context,
    submittedAt: String(lead.receivedAt.getTime()),
  };
  const legal = form.legalConsentOptions;
  if (legal && (legal.consentToProcessText || legal.communicationsCheckboxes.length > 0)) {
    submission.legalConsentOptions = {
      consent: {
        // Without a consent-to-process checkbox the form relies on implicit consent (spec §3).
        consentToProcess: legal.consentToProcessText
          ? lead.consent[CONSENT_TO_PROCESS_FIELD] === true
          : true,
        text: legal.consentToProcessText ?? plainText(legal.privacyText ?? ""),
        communications: legal.communicationsCheckboxes.map((box) => ({
          value: lead.consent[communicationsConsentField(box.subscriptionTypeId)] === true,
          subscriptionTypeId: box.subscriptionTypeId,
          text: box.label,
        })),
      },
    };
  }
  return submission;
}
