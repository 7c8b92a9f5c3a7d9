/**
 * POST /api/hubspot/submitForm: a lead form's submission, as JSON (the form's script) or as an
 * ordinary urlencoded form post (no JavaScript). The answer is a success only once the lead is
 * durably stored; everything else names what went wrong and stores nothing.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { parseCookieHeader } from "../../../src/attribution/index.ts";
import {
  checkSubmission,
  consentFieldNames,
  type FieldIssue,
  type FormDefinition,
  formFields,
  MAX_SUBMISSION_BYTES,
  NOT_AN_UPLOAD_MESSAGE,
  SUBMISSION_ID_FIELD,
  submittedFormId,
  UPLOADED_FILE_PATH_PREFIX,
} from "../../../src/forms/index.ts";
import { initialLeadState } from "../delivery/config.ts";
import type { NewLead } from "../store/types.ts";
import { attributionCookies, refusesCrm } from "./attribution.ts";
import { decodeUtf8, parseJsonObject, parseUrlEncoded, readCappedBody } from "./body.ts";
import {
  JSON_TYPE,
  MESSAGES,
  NO_JS_REASONS,
  REDIRECT_FIELD,
  URLENCODED_TYPE,
} from "./constants.ts";
import { charsetOf, mediaTypeOf } from "./content-type.ts";
import type { LeadApiDeps } from "./deps.ts";
import { formVersion, issuesMessage, successMessage } from "./form-info.ts";
import { errorKind } from "./log.ts";
import { nativeSubmissionId } from "./native-submission-id.ts";
import { isAllowedOrigin } from "./origin.ts";
import { noJsLocation, returnTarget } from "./redirect.ts";
import { callerIp, incomingOf, siteHosts } from "./request-info.ts";
import { isStoreUnavailable, withTimeout } from "./timeout.ts";

/** How much of a field name an error answer repeats, and how many errors it lists. */
const MAX_ERROR_FIELD_LENGTH = 100;
const MAX_ERRORS = 50;

type Outcome =
  | { kind: "stored"; form: FormDefinition; message: string }
  | { kind: "invalid"; form: FormDefinition | null; issues: FieldIssue[] }
  | {
      kind: "failure";
      status: 400 | 404 | 413 | 415 | 429 | 500 | 503;
      message: string;
      reason: string;
      formId?: string;
      retryAfterSeconds?: number;
    };

export function submitFormHandler(deps: LeadApiDeps) {
  const { settings, log } = deps;

  return async (c: Context): Promise<Response> => {
    const started = performance.now();
    const contentType = c.req.header("content-type");
    const noJs = mediaTypeOf(contentType) === URLENCODED_TYPE;
    const hosts = siteHosts(c, settings.trustProxyHops);

    if (
      !isAllowedOrigin({
        origin: c.req.header("origin") ?? null,
        secFetchSite: c.req.header("sec-fetch-site") ?? null,
        siteHosts: hosts,
        allowedOrigins: settings.allowedOrigins,
      })
    ) {
      // Never a redirect: a cross-site page learns nothing and is sent nowhere.
      log("lead.refused", { status: 403, reason: "cross-site" });
      return c.json({ success: false, message: MESSAGES.crossSite }, 403);
    }

    const request: SubmitRequest = {
      ip: callerIp(c, settings.trustProxyHops),
      hosts,
      noJs,
      started,
      returnTo: null,
    };
    const outcome = await processSubmission(c, deps, request);
    const returnTo = request.returnTo;

    if (outcome.kind !== "stored") {
      log("lead.rejected", {
        status: outcome.kind === "invalid" ? 400 : outcome.status,
        reason: outcome.kind === "invalid" ? "invalid" : outcome.reason,
        formId: outcome.kind === "invalid" ? (outcome.form?.alternative_id ?? null) : null,
        // Field names of the form only: an unknown key is the sender's text.
        fields:
          outcome.kind === "invalid" && outcome.form
            ? outcome.issues
                .map((issue) => issue.field)
                .filter((name) => knownName(outcome.form as FormDefinition, name))
            : [],
      });
    }

    return noJs
      ? answerNoJs(
          c,
          outcome,
          returnTo ?? returnTarget(c.req.header("referer"), hosts, settings.allowedOrigins),
        )
      : answerJson(c, outcome);
  };
}

interface SubmitRequest {
  ip: string | null;
  hosts: string[];
  noJs: boolean;
  started: number;
  /** Set from a form post's redirectTo once the body is read (a safe site path, or null). */
  returnTo: string | null;
}

/** Rate limit, content type, body, form, rules, store: the first step that fails decides. */
async function processSubmission(
  c: Context,
  deps: LeadApiDeps,
  request: SubmitRequest,
): Promise<Outcome> {
  const { settings, log } = deps;
  const now = deps.now ?? (() => new Date());
  const { ip, hosts, noJs, started } = request;
  const contentType = c.req.header("content-type");
  const decision = await deps.rateLimiter.consume(`submit:${ip ?? "unknown"}`);
  if (!decision.allowed) {
    return {
      kind: "failure",
      status: 429,
      message: MESSAGES.rateLimited,
      reason: NO_JS_REASONS.rateLimited,
      retryAfterSeconds: decision.retryAfterSeconds,
    };
  }
  const type = mediaTypeOf(contentType);
  const charset = charsetOf(contentType);
  if ((type !== JSON_TYPE && type !== URLENCODED_TYPE) || (charset && charset !== "utf-8")) {
    return {
      kind: "failure",
      status: 415,
      message: MESSAGES.wrongType,
      reason: NO_JS_REASONS.badRequest,
    };
  }
  const body = await readCappedBody(c.req.raw, MAX_SUBMISSION_BYTES, incomingOf(c));
  if (!body.ok) {
    return {
      kind: "failure",
      status: 413,
      message: MESSAGES.tooLarge,
      reason: NO_JS_REASONS.tooLarge,
    };
  }
  const text = decodeUtf8(body.bytes);
  if (text === null) {
    return {
      kind: "failure",
      status: 400,
      message: MESSAGES.badEncoding,
      reason: NO_JS_REASONS.badRequest,
    };
  }

  let fields: Record<string, unknown>;
  const repeatedIssues: FieldIssue[] = [];
  if (noJs) {
    const parsed = parseUrlEncoded(text);
    fields = parsed.fields;
    for (const name of parsed.repeated)
      repeatedIssues.push({ field: name, message: MESSAGES.repeatedField });
    const redirect = parsed.fields[REDIRECT_FIELD];
    delete parsed.fields[REDIRECT_FIELD];
    // Static HTML would give every visitor the same id, and one lead would swallow the rest:
    // a native post's key is derived from what it says instead (native-submission-id.ts).
    delete parsed.fields[SUBMISSION_ID_FIELD];
    request.returnTo = returnTarget(redirect, hosts, settings.allowedOrigins);
  } else {
    const parsed = parseJsonObject(text);
    if (!parsed.ok) {
      const message =
        parsed.problem === "malformed" ? MESSAGES.malformedJson : MESSAGES.notAnObject;
      return { kind: "failure", status: 400, message, reason: NO_JS_REASONS.badRequest };
    }
    fields = parsed.value;
  }

  const formId = submittedFormId(fields);
  if (formId === null) {
    return {
      kind: "invalid",
      form: null,
      issues: [{ field: "formId", message: "Expected the form's id" }],
    };
  }
  const form = deps.forms.get(formId);
  if (!form) {
    return {
      kind: "failure",
      status: 404,
      message: MESSAGES.unknownForm,
      reason: NO_JS_REASONS.unknownForm,
    };
  }
  const check = checkSubmission(form, fields);
  if (!check.ok || repeatedIssues.length > 0) {
    return {
      kind: "invalid",
      form,
      issues: inFormOrder(
        form,
        firstIssuePerField([...repeatedIssues, ...(check.ok ? [] : check.issues)]),
      ),
    };
  }

  const { submission } = check;
  // A file field names an upload by its id: one this store does not hold (never uploaded,
  // or swept after UNCLAIMED_FILE_TTL_MS) must be attached again, not sent to sales as a
  // link to nothing.
  let missingUploads: FieldIssue[];
  try {
    missingUploads = await withTimeout(
      uploadsNotStored(form, submission.values, deps.store),
      settings.storeTimeoutMs,
    );
  } catch (error) {
    return storeFailure(error, formId, { log, started });
  }
  if (missingUploads.length > 0) return { kind: "invalid", form, issues: missingUploads };
  const crmFormGuid = form.hubspotFormGuid ?? null;
  const cookies = parseCookieHeader(c.req.header("cookie"));
  // The CRM's visitor token goes with the lead only when nothing the request carries refuses
  // marketing and, from the site's own form, only when the form sent it: the form knows the
  // consent mode and Transcend's answer, which this API does not. A native post is decided here.
  const crmToken =
    !refusesCrm(cookies, c.req.header("sec-gpc")) &&
    (noJs || submission.context.hubspotutk !== undefined);
  const { hubspotutk: _refused, ...contextWithoutCrm } = submission.context;
  const receivedAt = now();
  const lead: NewLead = {
    id: randomUUID(),
    submissionId: noJs
      ? nativeSubmissionId({
          formId: form.alternative_id,
          values: submission.values,
          consent: submission.consent,
          ip,
          receivedAt,
        })
      : submission.submissionId,
    formId: form.alternative_id,
    formVersion: formVersion(form),
    crmFormGuid,
    values: submission.values,
    consent: submission.consent,
    context: crmToken ? submission.context : contextWithoutCrm,
    attribution: attributionCookies(cookies, { crmToken }),
    ip,
    userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
    receivedAt,
    state: initialLeadState({
      spamReason: submission.spamReason,
      crmFormGuid,
      portalConfigured: settings.crmConfigured,
    }),
    spamReason: submission.spamReason,
  };
  try {
    const result = await withTimeout(deps.store.insertLead(lead), settings.storeTimeoutMs);
    log("lead.stored", {
      leadId: result.lead.id,
      formId: form.alternative_id,
      state: result.lead.deliveryState,
      duplicate: result.duplicate,
      ms: Math.round(performance.now() - started),
    });
    return { kind: "stored", form, message: successMessage(form) };
  } catch (error) {
    return storeFailure(error, formId, { log, started });
  }
}

/** The answer when the store failed or did not answer in time: 503, or 500 for anything else. */
function storeFailure(
  error: unknown,
  formId: string,
  { log, started }: { log: LeadApiDeps["log"]; started: number },
): Outcome {
  const unavailable = isStoreUnavailable(error);
  log("lead.store_failed", {
    formId,
    error: errorKind(error),
    ms: Math.round(performance.now() - started),
  });
  return {
    kind: "failure",
    status: unavailable ? 503 : 500,
    message: unavailable ? MESSAGES.unavailable : MESSAGES.internal,
    reason: NO_JS_REASONS.unavailable,
    formId,
  };
}

/** The form's file fields whose value names an upload the store does not hold. */
async function uploadsNotStored(
  form: FormDefinition,
  values: Readonly<Record<string, string>>,
  store: LeadApiDeps["store"],
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (const field of formFields(form)) {
    const value = values[field.name];
    if (field.fieldType !== "file" || value === undefined) continue;
    if (!(await store.hasFile(value.slice(UPLOADED_FILE_PATH_PREFIX.length)))) {
      issues.push({ field: field.name, message: NOT_AN_UPLOAD_MESSAGE });
    }
  }
  return issues;
}

/** One message per field: a value of the wrong type is not also "required". */
function firstIssuePerField(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && Boolean(seen.add(issue.field)));
}

/**
 * Issues in the order the visitor meets the fields, consent boxes last, as `hd_errors`
 * promises (the page focuses the first it names); names the form lacks after them, as sent.
 */
function inFormOrder(form: FormDefinition, issues: FieldIssue[]): FieldIssue[] {
  const names = [...formFields(form).map((field) => field.name), ...consentFieldNames(form)];
  const rank = (field: string) => {
    const at = names.indexOf(field);
    return at < 0 ? names.length : at;
  };
  return issues
    .map((issue, sent) => ({ issue, at: rank(issue.field), sent }))
    .sort((a, b) => a.at - b.at || a.sent - b.sent)
    .map(({ issue }) => issue);
}

function knownName(form: FormDefinition, name: string): boolean {
  return (
    name === "formId" ||
    name === SUBMISSION_ID_FIELD ||
    formFields(form).some((field) => field.name === name) ||
    consentFieldNames(form).includes(name)
  );
}

function answerJson(c: Context, outcome: Outcome): Response {
  switch (outcome.kind) {
    case "stored":
      return c.json({ success: true, message: outcome.message }, 200);
    case "invalid":
      return c.json(
        {
          success: false,
          message: outcome.form ? issuesMessage(outcome.form, outcome.issues) : MESSAGES.invalid,
          errors: outcome.issues.slice(0, MAX_ERRORS).map((issue) => ({
            field: issue.field.slice(0, MAX_ERROR_FIELD_LENGTH),
            message: issue.message,
          })),
        },
        400,
      );
    case "failure":
      // Whatever is left of an oversize body is not worth reading: close the connection after answering.
      if (outcome.status === 413) c.header("Connection", "close");
      if (outcome.retryAfterSeconds !== undefined)
        c.header("Retry-After", String(outcome.retryAfterSeconds));
      return c.json({ success: false, message: outcome.message }, outcome.status);
  }
}

/** `returnTo`: the page the form named, else its Referer, where it is one to go back to. */
function answerNoJs(c: Context, outcome: Outcome, returnTo: string | null): Response {
  const path = returnTo ?? "/";
  let location: string;
  switch (outcome.kind) {
    case "stored":
      location = noJsLocation(path, outcome.form.alternative_id, { status: "success" });
      break;
    case "invalid":
      location = noJsLocation(path, outcome.form?.alternative_id ?? null, {
        status: "error",
        fields: outcome.issues
          .slice(0, MAX_ERRORS)
          .map((issue) => issue.field.slice(0, MAX_ERROR_FIELD_LENGTH)),
      });
      break;
    case "failure":
      location = noJsLocation(path, outcome.formId ?? null, {
        status: "error",
        reason: outcome.reason,
      });
      break;
  }
  if (outcome.kind === "failure" && outcome.status === 413) c.header("Connection", "close");
  return c.redirect(location, 303);
}
