import { describe, expect, it } from "vitest";
import { encodeFirstTouch, FIRST_TOUCH_COOKIE } from "../attribution/index.ts";
import {
  CONSENT_TO_PROCESS_FIELD,
  checkSubmission,
  communicationsConsentField,
  FILL_TIME_FIELD,
  FORM_MESSAGES,
  type FormDefinition,
  formDefinitionSchema,
  HONEYPOT_FIELD,
  MAX_LENGTH,
  SUBMISSION_ID_FIELD,
} from "../forms/index.ts";
import { failureMessage, lookupIp, submitLead, uploadFile } from "./api.ts";
import { submissionPayload } from "./payload.ts";
import { hiddenPrefill } from "./prefill.ts";
import { queryOutcome, redirectAfterSuccess, successMessage } from "./state.ts";
import {
  affectedControls,
  controlMessage,
  type ValueReader,
  visibleControlNames,
} from "./validity.ts";

function form(overrides: Record<string, unknown> = {}): FormDefinition {
  return formDefinitionSchema.parse({
    alternative_id: "demo",
    name: "Demo",
    fieldGroups: [
      {
        alternative_fields: [
          { name: "firstname", label: "First name", fieldType: "single_line_text", required: true },
          {
            name: "email",
            label: "Work email",
            fieldType: "email",
            required: true,
            validation: { blockedEmailDomains: ["gmail.com"] },
          },
          { name: "resume", label: "Résumé", fieldType: "file", required: true },
          {
            name: "size",
            label: "Size",
            fieldType: "radio",
            options: [{ label: "Small", value: "s" }],
          },
          { name: "utm_source", label: "", fieldType: "single_line_text", hidden: true },
          { name: "GA_Source", label: "", fieldType: "single_line_text", hidden: true },
          { name: "GA_Source_First", label: "", fieldType: "single_line_text", hidden: true },
        ],
      },
    ],
    legalConsentOptions: {
      consentToProcessText: "I agree",
      communicationsCheckboxes: [
        { label: "News", subscriptionTypeId: 1, required: true },
        { label: "Events", subscriptionTypeId: 2, required: true },
      ],
    },
    ...overrides,
  });
}

function reader(values: Record<string, string>, files: string[] = [], checked: string[] = []) {
  return {
    value: (name: string) => values[name] ?? "",
    hasFile: (name: string) => files.includes(name),
    checked: (name: string) => checked.includes(name),
  } satisfies ValueReader;
}

describe("controlMessage: the shared rules applied to the form's current values", () => {
  const definition = form();
  it("gives the spec's messages for required, email and several required consent boxes", () => {
    const empty = reader({});
    expect(controlMessage(definition, "firstname", empty)).toBe(FORM_MESSAGES.required);
    expect(controlMessage(definition, "email", reader({ email: "ada@x" }))).toBe(
      FORM_MESSAGES.email,
    );
    expect(controlMessage(definition, "email", reader({ email: "ada@gmail.com" }))).toMatch(
      /gmail\.com/,
    );
    expect(controlMessage(definition, CONSENT_TO_PROCESS_FIELD, empty)).toBe(
      FORM_MESSAGES.required,
    );
    expect(controlMessage(definition, communicationsConsentField(1), empty)).toBe(
      FORM_MESSAGES.selectOne,
    );
    const oneTicked = reader({}, [], [communicationsConsentField(2)]);
    expect(controlMessage(definition, communicationsConsentField(1), oneTicked)).toBeNull();
  });
  it("checks a file field for presence only, and never a hidden field", () => {
    expect(controlMessage(definition, "resume", reader({}))).toBe(FORM_MESSAGES.required);
    expect(controlMessage(definition, "resume", reader({}, ["resume"]))).toBeNull();
    expect(controlMessage(definition, "utm_source", reader({ utm_source: "x".repeat(900) }))).toBe(
      null,
    );
  });
  it("lists visible controls in order, and re-checks every consent box together", () => {
    expect(visibleControlNames(definition)).toEqual([
      "firstname",
      "email",
      "resume",
      "size",
      CONSENT_TO_PROCESS_FIELD,
      communicationsConsentField(1),
      communicationsConsentField(2),
    ]);
    expect(affectedControls(definition, communicationsConsentField(2))).toHaveLength(3);
    expect(affectedControls(definition, "email")).toEqual(["email"]);
  });
});

describe("submissionPayload (§3)", () => {
  it("carries the form id, the context, every field, consent as booleans and the controls", () => {
    const payload = submissionPayload(
      form(),
      { firstname: "Ada", email: "ada@harbor.example", resume: "/api/files/abc" },
      (name) => name === CONSENT_TO_PROCESS_FIELD,
      {
        hubspotutk: "utk",
        pageUri: "https://harbordesk.example/lp/",
        pageName: "Get a demo",
        submissionId: "0b7c6a0e-1111-4222-8333-944455556666",
        fillMs: 5123.4,
        honeypot: "",
      },
    );
    expect(payload).toEqual({
      formId: "demo",
      hubspotutk: "utk",
      pageUri: "https://harbordesk.example/lp/",
      pageName: "Get a demo",
      firstname: "Ada",
      email: "ada@harbor.example",
      resume: "/api/files/abc",
      size: "",
      utm_source: "",
      GA_Source: "",
      GA_Source_First: "",
      [CONSENT_TO_PROCESS_FIELD]: true,
      [communicationsConsentField(1)]: false,
      [communicationsConsentField(2)]: false,
      [SUBMISSION_ID_FIELD]: "0b7c6a0e-1111-4222-8333-944455556666",
      [HONEYPOT_FIELD]: "",
      [FILL_TIME_FIELD]: "5123",
    });
    expect(payload).not.toHaveProperty("ipAddress");
  });

  it("cuts what the visitor did not type to what the lead API accepts, so a long campaign link never blocks the form", () => {
    const longLink = `https://harbordesk.example/lp/?utm_source=${"n".repeat(900)}&x=${"y".repeat(2500)}`;
    const prefilled = hiddenPrefill(form(), longLink, {});
    expect(prefilled.utm_source?.length).toBeGreaterThan(MAX_LENGTH.single_line_text);
    const payload = submissionPayload(
      form(),
      { firstname: "Ada", email: "ada@harbor.example", ...prefilled },
      () => true,
      {
        pageUri: longLink,
        pageName: "Get a demo ".repeat(300),
        submissionId: "0b7c6a0e-1111-4222-8333-944455556666",
        fillMs: 5000,
        honeypot: "",
      },
    );
    expect(payload.utm_source).toBe("n".repeat(MAX_LENGTH.single_line_text));
    expect(payload.pageUri).toBe(longLink.slice(0, MAX_LENGTH.meta));
    expect(String(payload.pageName)).toHaveLength(MAX_LENGTH.meta);
    // What the visitor typed is theirs to fix and is sent as typed.
    const typed = submissionPayload(form(), { firstname: "A".repeat(600) }, () => true, {
      pageUri: "https://harbordesk.example/",
      pageName: "Home",
      submissionId: "0b7c6a0e-1111-4222-8333-944455556666",
      fillMs: 5000,
      honeypot: "",
    });
    expect(typed.firstname).toHaveLength(600);
    // The server's own check (the module it shares with this form) finds nothing to refuse in
    // the hidden fields or the context.
    const check = checkSubmission(form(), payload);
    const refused = check.ok ? [] : check.issues.map((issue) => issue.field);
    expect(refused).not.toContain("utm_source");
    expect(refused).not.toContain("pageUri");
    expect(refused).not.toContain("pageName");
  });
});

describe("hiddenPrefill (§3, §5)", () => {
  it("takes utm_* from the query and GA_* from the attribution module", () => {
    const values = hiddenPrefill(
      form(),
      "https://harbordesk.example/lp/?utm_source=newsletter&utm_medium=email",
      {
        [FIRST_TOUCH_COOKIE]: encodeFirstTouch({
          source: "google",
          medium: "organic",
          term: "help desk",
          campaign: "",
          content: "",
        }),
      },
    );
    expect(values.utm_source).toBe("newsletter");
    expect(values.GA_Source).toBe("newsletter");
    expect(values.GA_Source_First).toBe("google");
  });
  it("leaves a field out when the URL has nothing for it", () => {
    expect(hiddenPrefill(form(), "https://harbordesk.example/", {})).not.toHaveProperty(
      "utm_source",
    );
  });
});

describe("states (§4)", () => {
  it("shows customSuccessMessage, else postSubmitAction.value", () => {
    expect(successMessage(form({ customSuccessMessage: "Done!" }))).toBe("Done!");
    expect(successMessage(form({ configuration: { postSubmitAction: { value: "Thanks" } } }))).toBe(
      "Thanks",
    );
  });
  it("opens redirectUrl, except the sign-up link for the free-trial form", () => {
    const settings = { freeTrialFormId: "trial", signupPlusUrl: "https://app.example/register/" };
    expect(redirectAfterSuccess(form({ redirectUrl: "/tour/" }), settings)).toBe("/tour/");
    expect(
      redirectAfterSuccess(form({ alternative_id: "trial", redirectUrl: "/tour/" }), settings),
    ).toBe("https://app.example/register/");
    expect(redirectAfterSuccess(form(), settings)).toBeNull();
  });
  it("reads a native post's outcome from the redirect's query, for its own form only", () => {
    expect(queryOutcome("demo", "?hd_form=demo&hd_status=success")).toEqual({ status: "success" });
    expect(queryOutcome("other", "?hd_form=demo&hd_status=success")).toBeNull();
    expect(
      queryOutcome("demo", "?hd_form=demo&hd_status=error&hd_errors=email,size"),
    ).toMatchObject({ status: "error", fields: ["email", "size"] });
    expect(
      queryOutcome("demo", "?hd_form=demo&hd_status=error&hd_reason=rate-limited"),
    ).toMatchObject({ message: expect.stringMatching(/Too many/) });
  });
});

describe("the lead API calls (§7, §8)", () => {
  const answer = (status: number, body: unknown) =>
    (async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
      })) as unknown as typeof fetch;

  it("lookupIp never throws: failures and odd answers are undefined", async () => {
    expect(await lookupIp(answer(200, { ip: "203.0.113.7" }))).toBe("203.0.113.7");
    expect(await lookupIp(answer(500, { ip: "x" }))).toBeUndefined();
    expect(await lookupIp(answer(200, "not json"))).toBeUndefined();
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await lookupIp(offline)).toBeUndefined();
  });
  it("submitLead: success only on {success: true}; otherwise the server's or the thrown message", async () => {
    expect(await submitLead(answer(200, { success: true, message: "ok" }), {})).toEqual({
      ok: true,
      message: "ok",
    });
    expect(await submitLead(answer(400, { success: false, message: "Bad email" }), {})).toEqual({
      ok: false,
      message: "Bad email",
    });
    expect(await submitLead(answer(503, "Service Unavailable"), {})).toEqual({
      ok: false,
      message: failureMessage(503),
    });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await submitLead(offline, {})).toEqual({ ok: false, message: "Failed to fetch" });
  });
  it("uploadFile returns the fileUrl or throws", async () => {
    const file = { dataUrl: "data:application/pdf;base64,JVBERg==", filename: "cv.pdf" };
    expect(await uploadFile(answer(200, { success: true, fileUrl: "/api/files/x" }), file)).toBe(
      "/api/files/x",
    );
    await expect(uploadFile(answer(400, { success: false }), file)).rejects.toThrow(/cv\.pdf/);
  });
});
