import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  COMPACT_FORM_THRESHOLD,
  CONSENT_TO_PROCESS_FIELD,
  checkSubmission,
  communicationsConsentField,
  emailError,
  FORM_MESSAGES,
  type FormDefinition,
  fieldError,
  fieldSchema,
  formDefinitionSchema,
  HONEYPOT_FIELD,
  isCompactForm,
  isEmailCatcher,
  isNamePair,
  isQueryPrefilled,
  isSiteLink,
  MAX_LENGTH,
  NOT_A_SITE_LINK_MESSAGE,
  NOT_AN_OPTION_MESSAGE,
  NOT_AN_UPLOAD_MESSAGE,
  spamReason,
  UNACCEPTED_CHARACTERS_MESSAGE,
  withinLength,
} from "./index.ts";
import { FormDefinitionError, readFormDefinitions } from "./node.ts";

/** The value, or a test failure naming what was missing. */
function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}

const CONTENT_FORMS = join(import.meta.dirname, "../../content/forms");

function form(overrides: Partial<Record<string, unknown>> = {}): FormDefinition {
  return formDefinitionSchema.parse({
    alternative_id: "test-form",
    name: "Test",
    fieldGroups: [
      {
        alternative_fields: [
          { name: "firstname", label: "First name", fieldType: "single_line_text", required: true },
          { name: "lastname", label: "Last name", fieldType: "single_line_text" },
          {
            name: "email",
            label: "Work email",
            fieldType: "email",
            required: true,
            validation: { blockedEmailDomains: ["gmail.com"] },
          },
          {
            name: "size",
            label: "Team size",
            fieldType: "dropdown",
            options: [
              { label: "Small", value: "small" },
              { label: "Large", value: "large" },
            ],
          },
          { name: "utm_source", label: "", fieldType: "single_line_text", hidden: true },
        ],
      },
    ],
    ...overrides,
  });
}

describe("the email rule (§5)", () => {
  it.each(["a@b.co", "ada.lovelace+demo@harbor.example", "x@sub.domain.org"])(
    "accepts %s",
    (value) => {
      expect(emailError(value, [])).toBeNull();
    },
  );
  it.each(["", "ada", "ada@", "@b.co", "ada@b", "a b@c.de", "ada@b."])("refuses %j", (value) => {
    expect(emailError(value, [])).toBe(FORM_MESSAGES.email);
  });
  it("refuses a blocked domain and its subdomains, whatever the case", () => {
    // The spec's email message (§5), then why a well-formed address is refused.
    expect(emailError("ada@GMAIL.com", ["gmail.com"])).toBe(
      "Please enter a valid email address. This form does not accept gmail.com addresses: please use your work email.",
    );
    expect(emailError("ada@mail.gmail.com", ["gmail.com"])).toMatch(/work email/);
    expect(emailError("ada@notgmail.com", ["gmail.com"])).toBeNull();
  });
  it("refuses a blocked domain written with the trailing dot of a fully qualified name", () => {
    expect(emailError("ada@gmail.com.", ["gmail.com"])).toMatch(/does not accept gmail\.com /);
    expect(emailError("ada@mail.gmail.com..", ["gmail.com"])).toMatch(/work email/);
    expect(emailError("ada@harbor.example.", ["gmail.com"])).toBeNull();
  });
});

describe("withinLength", () => {
  it("keeps short text and cuts long text to the limit", () => {
    expect(withinLength("harbor", 10)).toBe("harbor");
    expect(withinLength("harbordesk", 6)).toBe("harbor");
  });
  it("never leaves half of a surrogate pair at the end", () => {
    expect(withinLength("ab😀cd", 3)).toBe("ab");
    expect(withinLength("ab😀cd", 4)).toBe("ab😀");
  });
});

describe("file fields", () => {
  const resume = fieldSchema.parse({ name: "resume", label: "Résumé", fieldType: "file" });
  const id = "Ab3_x-9QzLm0pRt5";

  it("accept exactly the path the upload endpoint answers", () => {
    expect(fieldError(resume, `/api/files/${id}`)).toBeNull();
  });
  it.each([
    `https://evil.example/api/files/${id}`,
    `//evil.example/api/files/${id}`,
    `/api/files/${id}#x`,
    `/api/files/${id}?download=1`,
    `/api/files/../files/${id}`,
    `/api/files/short`,
    ` /api/files/${id}`,
  ])("refuse %j: the CRM would get a link that is not our upload", (value) => {
    expect(fieldError(resume, value)).toBe(NOT_AN_UPLOAD_MESSAGE);
  });
});

describe("fieldError", () => {
  const definition = form();
  const field = (name: string) =>
    need(
      definition.fieldGroups[0]?.alternative_fields.find((candidate) => candidate.name === name),
      name,
    );

  it("says the spec's message for a missing required value, blank or whitespace", () => {
    expect(fieldError(field("firstname"), undefined)).toBe(FORM_MESSAGES.required);
    expect(fieldError(field("firstname"), "   ")).toBe(FORM_MESSAGES.required);
    expect(fieldError(field("lastname"), "")).toBeNull();
  });
  it("accepts only offered option values", () => {
    expect(fieldError(field("size"), "large")).toBeNull();
    expect(fieldError(field("size"), "Large")).toBe(NOT_AN_OPTION_MESSAGE);
  });
  it("caps every value's length", () => {
    expect(fieldError(field("lastname"), "x".repeat(MAX_LENGTH.single_line_text))).toBeNull();
    expect(fieldError(field("lastname"), "x".repeat(MAX_LENGTH.single_line_text + 1))).toMatch(
      /under 500 characters/,
    );
    expect(fieldError(field("utm_source"), "x".repeat(501))).toMatch(/under/);
  });
  it("refuses control characters, lone surrogates and, in what a visitor types, text-direction overrides", () => {
    for (const value of ["Ada\u0000", "Ada\nLovelace", "Ada\u001b[2J", "Ada\u007f", "Ada\ud800"]) {
      expect(fieldError(field("lastname"), value), JSON.stringify(value)).toBe(
        UNACCEPTED_CHARACTERS_MESSAGE,
      );
    }
    // "Ada" that reads "adA.exe"-style tricks: right-to-left override, isolate.
    expect(fieldError(field("lastname"), "Ada\u202eexe.cod")).toBe(UNACCEPTED_CHARACTERS_MESSAGE);
    expect(fieldError(field("lastname"), "\u2067Ada\u2069")).toBe(UNACCEPTED_CHARACTERS_MESSAGE);
    expect(fieldError(field("email"), "ada\u0000@harbor.example")).toBe(
      UNACCEPTED_CHARACTERS_MESSAGE,
    );
    // What people write is accepted: tabs, accents, right-to-left scripts with their marks,
    // emoji (a whole surrogate pair).
    for (const value of ["Ada\tLovelace", "Zoë Ñúñez", "\u0639\u0644\u064a\u200f", "Ada 🚀"]) {
      expect(fieldError(field("lastname"), value), value).toBeNull();
    }
    // A hidden field takes a campaign parameter the visitor cannot correct: controls are
    // refused (the prefill drops them), text-direction characters pass.
    expect(fieldError(field("utm_source"), "spring\u202esale")).toBeNull();
    expect(fieldError(field("utm_source"), "spring\u0000")).toBe(UNACCEPTED_CHARACTERS_MESSAGE);
  });
  it("lets a multi-line field keep its line breaks, not other controls", () => {
    const message = formDefinitionSchema.parse({
      alternative_id: "message-form",
      name: "Message",
      fieldGroups: [
        {
          alternative_fields: [
            { name: "message", label: "Message", fieldType: "multi_line_text", required: true },
          ],
        },
      ],
    }).fieldGroups[0]?.alternative_fields[0];
    const lines = need(message, "message");
    expect(fieldError(lines, "Hello,\r\nour queue doubled.\n\tThanks")).toBeNull();
    expect(fieldError(lines, "Hello\u0000")).toBe(UNACCEPTED_CHARACTERS_MESSAGE);
    expect(fieldError(lines, "Hello\u000b")).toBe(UNACCEPTED_CHARACTERS_MESSAGE);
  });
});

describe("links to this site (validation.sitePaths)", () => {
  const paths = ["/help-desk-staffing-calculator/"];

  it.each([
    "/help-desk-staffing-calculator/",
    "/help-desk-staffing-calculator/?phone_volume=1500&phone_sl=80",
  ])("accepts %s", (value) => {
    expect(isSiteLink(value, paths)).toBe(true);
  });

  it.each([
    "https://evil.example/help-desk-staffing-calculator/",
    "//evil.example/help-desk-staffing-calculator/",
    "/\\evil.example/help-desk-staffing-calculator/",
    "javascript:alert(1)//help-desk-staffing-calculator/",
    "help-desk-staffing-calculator/",
    "/help-desk-staffing-calculator",
    "/help-desk-staffing-calculator/../lp/get-a-demo/",
    "/pricing/",
    "/help-desk-staffing-calculator/#top",
  ])("refuses %j", (value) => {
    expect(isSiteLink(value, paths)).toBe(false);
  });

  it("applies to hidden fields, which are otherwise only length-checked", () => {
    const link = fieldSchema.parse({
      name: "result_url",
      label: "",
      fieldType: "single_line_text",
      hidden: true,
      validation: { sitePaths: paths },
    });
    expect(fieldError(link, "/help-desk-staffing-calculator/?chat_sl=90")).toBeNull();
    expect(fieldError(link, "https://evil.example/")).toBe(NOT_A_SITE_LINK_MESSAGE);
    expect(fieldError(link, "")).toBeNull();
  });

  it.each([[["https://evil.example/"]], [["/help-desk-staffing-calculator"]], [[]]])(
    "the schema refuses sitePaths %j (a list of site folders)",
    (sitePaths) => {
      const bad = fieldSchema.safeParse({
        name: "result_url",
        label: "",
        fieldType: "single_line_text",
        hidden: true,
        validation: { sitePaths },
      });
      expect(bad.success).toBe(false);
    },
  );
});

describe("layout rules (§5)", () => {
  it("an email field alone is an email-catcher", () => {
    const catcher = form({
      fieldGroups: [
        { alternative_fields: [{ name: "email", label: "Email", fieldType: "email" }] },
        {
          alternative_fields: [
            { name: "utm_source", label: "", fieldType: "single_line_text", hidden: true },
          ],
        },
      ],
    });
    expect(isEmailCatcher(catcher)).toBe(true);
    expect(isEmailCatcher(form())).toBe(false);
  });
  it(`forms with ${COMPACT_FORM_THRESHOLD} or more visible fields are compact, or when isCompact is set`, () => {
    expect(isCompactForm(form())).toBe(false);
    expect(isCompactForm(form({ isCompact: true }))).toBe(true);
    const six = Array.from({ length: COMPACT_FORM_THRESHOLD }, (_, i) => ({
      name: `f${i}`,
      label: `Field ${i}`,
      fieldType: "single_line_text",
    }));
    expect(isCompactForm(form({ fieldGroups: [{ alternative_fields: six }] }))).toBe(true);
    expect(isCompactForm(form({ fieldGroups: [{ alternative_fields: six.slice(1) }] }))).toBe(
      false,
    );
  });
  it("first and last name pair up; hidden utm_ fields are query-prefilled", () => {
    const [first, last, email, , utm] = need(form().fieldGroups[0], "group").alternative_fields;
    expect(isNamePair(first, last)).toBe(true);
    expect(isNamePair(last, first)).toBe(false);
    expect(isNamePair(first, email)).toBe(false);
    expect(isQueryPrefilled(need(utm, "utm_source"))).toBe(true);
    expect(isQueryPrefilled(need(email, "email"))).toBe(false);
  });
});

describe("checkSubmission", () => {
  const valid = {
    formId: "test-form",
    firstname: "Ada",
    email: "ada@harbor.example",
    size: "small",
  };

  it("accepts a valid submission, trims values and drops empty optional ones", () => {
    const result = checkSubmission(form(), {
      ...valid,
      firstname: "  Ada ",
      lastname: "",
      pageUri: "https://x.example/",
    });
    expect(result).toMatchObject({
      ok: true,
      submission: {
        formId: "test-form",
        values: { firstname: "Ada", email: "ada@harbor.example", size: "small" },
        context: { pageUri: "https://x.example/" },
        spamReason: null,
      },
    });
  });
  it("names every invalid field and why", () => {
    const result = checkSubmission(form(), {
      formId: "test-form",
      email: "ada@gmail.com",
      size: "huge",
      extra: "1",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { field: "extra", message: 'This form has no field named "extra"' },
        { field: "firstname", message: FORM_MESSAGES.required },
        { field: "email", message: expect.stringMatching(/gmail\.com/) },
        { field: "size", message: NOT_AN_OPTION_MESSAGE },
      ]),
    );
  });
  it("refuses control characters and lone surrogates in the context it stores and sends on", () => {
    const result = checkSubmission(form(), {
      ...valid,
      pageName: "Pricing\u0000",
      pageUri: "https://x.example/\ud800",
      hubspotutk: "abc",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { field: "pageName", message: UNACCEPTED_CHARACTERS_MESSAGE },
      { field: "pageUri", message: UNACCEPTED_CHARACTERS_MESSAGE },
    ]);
  });
  it("refuses non-text values and malformed submission ids", () => {
    const result = checkSubmission(form(), {
      ...valid,
      lastname: { $gt: "" },
      submissionId: "../../x",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.field).sort()).toEqual(["lastname", "submissionId"]);
  });
  it("requires consent to process when the form asks for it, and one of several required checkboxes", () => {
    const withConsent = form({
      legalConsentOptions: {
        consentToProcessText: "I agree",
        communicationsCheckboxes: [
          { label: "News", subscriptionTypeId: 1, required: true },
          { label: "Events", subscriptionTypeId: 2, required: true },
        ],
      },
    });
    const missing = checkSubmission(withConsent, valid);
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.issues).toEqual([
        { field: CONSENT_TO_PROCESS_FIELD, message: FORM_MESSAGES.required },
        { field: communicationsConsentField(1), message: FORM_MESSAGES.selectOne },
        { field: communicationsConsentField(2), message: FORM_MESSAGES.selectOne },
      ]);
    }
    const given = checkSubmission(withConsent, {
      ...valid,
      [CONSENT_TO_PROCESS_FIELD]: true,
      [communicationsConsentField(2)]: "on",
    });
    expect(given).toMatchObject({
      ok: true,
      submission: {
        consent: {
          [CONSENT_TO_PROCESS_FIELD]: true,
          [communicationsConsentField(1)]: false,
          [communicationsConsentField(2)]: true,
        },
      },
    });
  });
  it("marks a filled honeypot or a too-fast fill as spam without refusing it", () => {
    expect(checkSubmission(form(), { ...valid, [HONEYPOT_FIELD]: "http://spam" })).toMatchObject({
      ok: true,
      submission: { spamReason: "honeypot" },
    });
    expect(spamReason(undefined, "1200")).toBe("too-fast");
    expect(spamReason(undefined, "3000")).toBeNull();
    expect(spamReason(undefined, "not a number")).toBeNull();
    expect(spamReason("", undefined)).toBeNull();
  });
});

describe("form definitions", () => {
  it("the site's forms all parse, each named after its file", async () => {
    const forms = await readFormDefinitions(CONTENT_FORMS);
    expect([...forms.keys()]).toEqual(
      expect.arrayContaining([
        "contact-sales",
        "demo-request",
        "job-application",
        "newsletter",
        "staffing-result",
        "webinar-registration",
      ]),
    );
    expect(isEmailCatcher(need(forms.get("newsletter"), "newsletter"))).toBe(true);
    expect(isCompactForm(need(forms.get("contact-sales"), "contact-sales"))).toBe(true);
  });
  it("staffing-result: its link must lead to the calculator, and at least one of its two emails is chosen", async () => {
    const staffing = need(
      (await readFormDefinitions(CONTENT_FORMS)).get("staffing-result"),
      "form",
    );
    expect(isEmailCatcher(staffing)).toBe(true);
    const valid = {
      formId: "staffing-result",
      email: "ada@northwind.example",
      staffing_result_url: "/help-desk-staffing-calculator/?phone_volume=1500",
      [communicationsConsentField(302)]: true,
    };
    expect(checkSubmission(staffing, valid)).toMatchObject({
      ok: true,
      submission: {
        values: { staffing_result_url: "/help-desk-staffing-calculator/?phone_volume=1500" },
        consent: {
          [communicationsConsentField(301)]: false,
          [communicationsConsentField(302)]: true,
        },
      },
    });
    const foreign = checkSubmission(staffing, {
      ...valid,
      staffing_result_url: "https://evil.example/help-desk-staffing-calculator/",
    });
    expect(foreign).toEqual({
      ok: false,
      issues: [{ field: "staffing_result_url", message: NOT_A_SITE_LINK_MESSAGE }],
    });
    const none = checkSubmission(staffing, {
      ...valid,
      [communicationsConsentField(302)]: false,
    });
    expect(none).toEqual({
      ok: false,
      issues: [
        { field: communicationsConsentField(301), message: FORM_MESSAGES.selectOne },
        { field: communicationsConsentField(302), message: FORM_MESSAGES.selectOne },
      ],
    });
  });

  it("the schema refuses a dropdown without options and a repeated field name, naming the field", () => {
    const bad = formDefinitionSchema.safeParse({
      alternative_id: "x",
      name: "X",
      fieldGroups: [
        {
          alternative_fields: [
            { name: "a", label: "A", fieldType: "dropdown" },
            { name: "a", label: "A again", fieldType: "single_line_text" },
          ],
        },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "fieldGroups.0.alternative_fields.0.options",
      "fieldGroups.0.alternative_fields.1.name",
    ]);
  });
  it("an invalid file fails naming the file and the field", async () => {
    const text = await readFile(join(CONTENT_FORMS, "newsletter.json"), "utf8");
    expect(JSON.parse(text).alternative_id).toBe("newsletter");
    const error = await readFormDefinitions(join(import.meta.dirname, "__missing__")).then(
      (forms) => forms.size,
    );
    expect(error).toBe(0);
    expect(
      new FormDefinitionError("content/forms/x.json", ['field "name": required']).message,
    ).toMatch(/content\/forms\/x\.json[\s\S]*field "name"/);
  });
});
