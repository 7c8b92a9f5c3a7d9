import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { FormDefinition } from "../../../src/forms/index.ts";
import { readFormDefinitions } from "../../../src/forms/node.ts";
import { makeLead } from "../../testing/lead-stores.ts";
import { freshStoredLead } from "../store/rows.ts";
import { buildSubmission } from "./submission.ts";

let forms: Map<string, FormDefinition>;
beforeAll(async () => {
  forms = await readFormDefinitions(resolve("content/forms"));
});
const form = (id: string): FormDefinition => {
  const found = forms.get(id);
  if (!found) throw new Error(`no form ${id}`);
  return found;
};

describe("buildSubmission (lead + definition → HubSpot v3 body)", () => {
  it("maps fields in definition order with their objectTypeId, context and consent texts", () => {
    const lead = freshStoredLead(
      makeLead({
        values: {
          email: "ada@northwind.example",
          firstname: "Ada",
          lastname: "Quinn",
          company: "Northwind",
          monthly_contacts: "0-2000",
          utm_source: "google",
        },
        consent: {
          "LEGAL_CONSENT.processing": true,
          "LEGAL_CONSENT.subscription_type_201": true,
          "LEGAL_CONSENT.subscription_type_202": false,
        },
        context: {
          hubspotutk: "0123456789abcdef0123456789abcdef",
          pageUri: "https://harbordesk.example/pricing/",
          pageName: "Pricing",
          ipAddress: "198.51.100.4",
        },
        ip: "198.51.100.4",
        receivedAt: new Date(1_714_564_800_000),
      }),
    );
    const body = buildSubmission(lead, form("contact-sales"));
    expect(body.fields).toEqual([
      { objectTypeId: "0-1", name: "firstname", value: "Ada" },
      { objectTypeId: "0-1", name: "lastname", value: "Quinn" },
      { objectTypeId: "0-1", name: "email", value: "ada@northwind.example" },
      { objectTypeId: "0-1", name: "company", value: "Northwind" },
      { objectTypeId: "0-1", name: "monthly_contacts", value: "0-2000" },
      { objectTypeId: "0-1", name: "utm_source", value: "google" },
    ]);
    expect(body.context).toEqual({
      hutk: "0123456789abcdef0123456789abcdef",
      pageUri: "https://harbordesk.example/pricing/",
      pageName: "Pricing",
      ipAddress: "198.51.100.4",
    });
    expect(body.submittedAt).toBe("1714564800000");
    expect(body.legalConsentOptions).toEqual({
      consent: {
        consentToProcess: true,
        text: "I agree that Harbor Desk may store and process my details to prepare a quote.",
        communications: [
          { value: true, subscriptionTypeId: 201, text: "Product updates and release notes" },
          { value: false, subscriptionTypeId: 202, text: "Invitations to webinars and events" },
        ],
      },
    });
  });

  it("takes objectTypeId from the definition, not a default", () => {
    const custom = structuredClone(form("newsletter"));
    const email = custom.fieldGroups[0]?.alternative_fields.find((f) => f.name === "email");
    if (!email) throw new Error("newsletter has no email field");
    email.objectTypeId = "0-2";
    const body = buildSubmission(
      freshStoredLead(makeLead({ formId: "newsletter", values: { email: "a@b.example" } })),
      custom,
    );
    expect(body.fields).toEqual([{ objectTypeId: "0-2", name: "email", value: "a@b.example" }]);
  });

  it("leaves out values the definition no longer has, a malformed hutk and a non-IP address", () => {
    const lead = freshStoredLead(
      makeLead({
        formId: "newsletter",
        values: { email: "a@b.example", retired_field: "x" },
        context: { hubspotutk: "not-a-cookie", ipAddress: "somewhere" },
        ip: "2001:db8::1",
      }),
    );
    const body = buildSubmission(lead, form("newsletter"));
    expect(body.fields.map((f) => f.name)).toEqual(["email"]);
    expect(body.context).toEqual({ ipAddress: "2001:db8::1" });
    expect(body.legalConsentOptions).toBeUndefined();
  });

  it("sends the address the server saw, not the one the visitor reported", () => {
    const claimed = (ip: string | null, ipAddress: string) =>
      buildSubmission(
        freshStoredLead(makeLead({ formId: "newsletter", context: { ipAddress }, ip })),
        form("newsletter"),
      ).context.ipAddress;
    // Anyone can post `"ipAddress":"8.8.8.8"`: the CRM would geolocate and dedupe on it.
    expect(claimed("203.0.113.7", "8.8.8.8")).toBe("203.0.113.7");
    // Only when the server saw none is the visitor's word all there is.
    expect(claimed(null, "198.51.100.4")).toBe("198.51.100.4");
    expect(claimed(null, "somewhere")).toBeUndefined();
  });

  it("implicit consent: a form without a consent checkbox still sends its communications choices", () => {
    const lead = freshStoredLead(
      makeLead({
        formId: "demo-request",
        consent: { "LEGAL_CONSENT.subscription_type_101": true },
      }),
    );
    const consent = buildSubmission(lead, form("demo-request")).legalConsentOptions?.consent;
    expect(consent?.consentToProcess).toBe(true);
    expect(consent?.communications).toEqual([
      {
        value: true,
        subscriptionTypeId: 101,
        text: "Send me Harbor Desk's monthly newsletter on running a support team.",
      },
    ]);
    expect(consent?.text).not.toMatch(/</);
  });

  it("an unticked consent-to-process is sent as false (the CRM decides), and file links are made on the site's address only", () => {
    const lead = freshStoredLead(
      makeLead({
        formId: "job-application",
        values: {
          email: "a@b.example",
          firstname: "A",
          lastname: "B",
          resume: "/api/files/abcdefghijklmnopqrstuv",
        },
        consent: { "LEGAL_CONSENT.processing": false },
        // The sender's to choose: a forged page address never becomes the link's host.
        context: { pageUri: "https://files.evil.example/careers/support-engineer/" },
      }),
    );
    const body = buildSubmission(lead, form("job-application"));
    expect(body.legalConsentOptions?.consent.consentToProcess).toBe(false);
    expect(body.fields.find((f) => f.name === "resume")?.value).toBe(
      "/api/files/abcdefghijklmnopqrstuv",
    );
    const withBase = buildSubmission(lead, form("job-application"), {
      publicBaseUrl: "https://www.harbordesk.example",
    });
    expect(withBase.fields.find((f) => f.name === "resume")?.value).toBe(
      "https://www.harbordesk.example/api/files/abcdefghijklmnopqrstuv",
    );
  });
});
