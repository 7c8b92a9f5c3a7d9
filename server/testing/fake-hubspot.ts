/**
 * A fake HubSpot Forms API v3 for tests: a real HTTP server on 127.0.0.1 that accepts the
 * v3 submit request, validates it the way HubSpot does (unknown portal or form → 404; bad
 * email, blocked domain, missing required field, field not in the form → 400 with HubSpot's
 * `{status, message, errors:[{message, errorType}]}`), records what it accepted, and can be
 * told to fail (5xx), hang, rate-limit (429 with a plain-text body, as HubSpot does) or refuse.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  emailError,
  FORM_MESSAGES,
  type FormDefinition,
  formFields,
} from "../../src/forms/index.ts";

export type FakeMode =
  | { kind: "ok" }
  | { kind: "fail"; status?: number }
  | { kind: "hang" }
  | { kind: "rate-limit"; retryAfter?: string }
  | { kind: "refuse"; errorType: string; message?: string };

export interface FakeSubmission {
  at: number;
  secure: boolean;
  portalId: string;
  formGuid: string;
  // biome-ignore lint/suspicious/noExplicitAny: the body as the client sent it
  body: any;
  /** The submission's email value: tests give each lead a distinct one. */
  key: string;
}

export interface FakeHubSpotOptions {
  portalId: string;
  forms: Iterable<FormDefinition>;
  /** When set, /secure/submit/ requires `Authorization: Bearer <token>`. */
  accessToken?: string;
}

interface HubSpotError {
  message: string;
  errorType: string;
}

export class FakeHubSpot {
  readonly #server: Server;
  readonly #options: FakeHubSpotOptions;
  readonly #forms = new Map<string, FormDefinition>();
  #mode: FakeMode = { kind: "ok" };
  #script: FakeMode[] = [];
  /** Every request that reached the submit route, answered or not. */
  readonly requests: Array<{ at: number; status: number | null; key: string }> = [];
  /** Submissions answered 200. */
  readonly accepted: FakeSubmission[] = [];
  /** Delay before answering an accepted submission (lets concurrent sends overlap). */
  delayMs = 0;
  readonly #inFlight = new Map<string, number>();
  /** The most requests for one key the fake ever saw at the same time. */
  maxConcurrentPerKey = 0;
  url = "";

  constructor(options: FakeHubSpotOptions) {
    this.#options = options;
    for (const form of options.forms) {
      if (form.hubspotFormGuid) this.#forms.set(form.hubspotFormGuid, form);
    }
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The mode for every request from now on. */
  setMode(mode: FakeMode): void {
    this.#mode = mode;
  }

  /** One-shot modes used, in order, before the standing mode applies again. */
  queue(...modes: FakeMode[]): void {
    this.#script.push(...modes);
  }

  /** Accepted submissions per key. */
  acceptedCount(key: string): number {
    return this.accepted.filter((submission) => submission.key === key).length;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/submissions\/v3\/integration\/(secure\/)?submit\/([^/]+)\/([^/?]+)$/.exec(
      new URL(req.url ?? "/", "http://x").pathname,
    );
    if (!match) return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    if (req.method !== "POST") return void res.writeHead(405).end();
    const secure = Boolean(match[1]);
    const portalId = decodeURIComponent(match[2] ?? "");
    const formGuid = decodeURIComponent(match[3] ?? "");
    const raw = await readBody(req);
    // biome-ignore lint/suspicious/noExplicitAny: validated below
    let body: any = null;
    try {
      body = JSON.parse(raw);
    } catch {}
    const key = emailOf(body);
    const entry = { at: Date.now(), status: null as number | null, key };
    this.requests.push(entry);
    const inFlight = (this.#inFlight.get(key) ?? 0) + 1;
    this.#inFlight.set(key, inFlight);
    this.maxConcurrentPerKey = Math.max(this.maxConcurrentPerKey, inFlight);
    let counted = true;
    const leave = () => {
      if (!counted) return;
      counted = false;
      this.#inFlight.set(key, (this.#inFlight.get(key) ?? 1) - 1);
    };
    const send = (status: number, payload: unknown, type = "application/json") => {
      entry.status = status;
      leave();
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": type });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    };
    // A client that gave up (timeout) is no longer "in flight", whenever it went away.
    if (req.socket.destroyed) leave();
    else res.once("close", leave);

    const mode = this.#script.shift() ?? this.#mode;
    switch (mode.kind) {
      case "hang":
        return; // never answers; close() drops the connection
      case "fail":
        return send(mode.status ?? 503, "Service Unavailable", "text/plain");
      case "rate-limit": {
        entry.status = 429;
        leave();
        const headers: Record<string, string> = { "content-type": "text/plain" };
        if (mode.retryAfter) headers["retry-after"] = mode.retryAfter;
        res.writeHead(429, headers).end("You have reached your secondly limit.");
        return;
      }
      case "refuse":
        return send(
          400,
          errorBody([
            { errorType: mode.errorType, message: mode.message ?? `Refused: ${mode.errorType}` },
          ]),
        );
      case "ok":
        break;
    }

    if (secure && this.#options.accessToken) {
      if (req.headers.authorization !== `Bearer ${this.#options.accessToken}`) {
        return send(401, {
          status: "error",
          message: "Authentication credentials not found.",
          category: "INVALID_AUTHENTICATION",
        });
      }
    }
    const form = portalId === this.#options.portalId ? this.#forms.get(formGuid) : undefined;
    if (!form) {
      return send(
        404,
        errorBody([
          { errorType: "FORM_NOT_FOUND", message: `The form '${formGuid}' does not exist.` },
        ]),
      );
    }
    if ((req.headers["content-type"] ?? "").split(";")[0]?.trim() !== "application/json") {
      return send(
        415,
        errorBody([{ errorType: "INVALID_METADATA", message: "Expected application/json" }]),
      );
    }
    const errors = validate(form, body);
    if (errors.length > 0) return send(400, errorBody(errors));
    const accept = () => {
      this.accepted.push({ at: Date.now(), secure, portalId, formGuid, body, key });
      send(200, { inlineMessage: "Thanks for submitting the form." });
    };
    if (this.delayMs > 0) setTimeout(accept, this.delayMs);
    else accept();
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: an untrusted body
function emailOf(body: any): string {
  const fields = Array.isArray(body?.fields) ? body.fields : [];
  // biome-ignore lint/suspicious/noExplicitAny: an untrusted body
  const email = fields.find((field: any) => field?.name === "email")?.value;
  return typeof email === "string" ? email : "";
}

function errorBody(errors: HubSpotError[]) {
  return {
    status: "error",
    message: "The request is not valid",
    correlationId: "00000000-0000-4000-8000-000000000000",
    errors,
  };
}

/** HubSpot's checks, as far as our tests need them. */
// biome-ignore lint/suspicious/noExplicitAny: an untrusted body
function validate(form: FormDefinition, body: any): HubSpotError[] {
  if (!body || typeof body !== "object" || !Array.isArray(body.fields)) {
    return [{ errorType: "INVALID_METADATA", message: "Invalid input JSON on line 1" }];
  }
  const errors: HubSpotError[] = [];
  const defined = new Map(formFields(form).map((field) => [field.name, field]));
  const seen = new Map<string, string>();
  for (const field of body.fields) {
    if (
      typeof field?.name !== "string" ||
      typeof field?.value !== "string" ||
      typeof field?.objectTypeId !== "string"
    ) {
      errors.push({
        errorType: "INVALID_METADATA",
        message: "Each field needs objectTypeId, name and value",
      });
      continue;
    }
    const definition = defined.get(field.name);
    if (!definition || definition.objectTypeId !== field.objectTypeId) {
      errors.push({
        errorType: "FIELD_NOT_IN_FORM_DEFINITION",
        message: `Error in 'fields.${field.name}'. This field was not in the form definition`,
      });
      continue;
    }
    seen.set(field.name, field.value);
  }
  for (const [name, field] of defined) {
    const value = seen.get(name);
    if (field.required && !field.hidden && (value === undefined || value === "")) {
      errors.push({
        errorType: "REQUIRED_FIELD",
        message: `Error in 'fields.${name}'. Required field '${name}' is missing`,
      });
    } else if (value !== undefined && field.fieldType === "email") {
      const problem = emailError(value, field.validation.blockedEmailDomains);
      if (problem) {
        // Well formed but refused: HubSpot tells a blocked domain apart from a bad address.
        const blocked = problem !== FORM_MESSAGES.email;
        errors.push({
          errorType: blocked ? "BLOCKED_EMAIL" : "INVALID_EMAIL",
          message: `Error in 'fields.${name}'. ${blocked ? "Email address is blocked" : "Invalid email address"}`,
        });
      }
    }
  }
  if (typeof body.submittedAt !== "undefined" && !/^\d+$/.test(String(body.submittedAt))) {
    errors.push({
      errorType: "INVALID_METADATA",
      message: "submittedAt must be a millisecond timestamp",
    });
  }
  const legal = form.legalConsentOptions;
  if (legal?.consentToProcessText && body.legalConsentOptions?.consent?.consentToProcess !== true) {
    errors.push({
      errorType: "MISSING_PROCESSING_CONSENT",
      message: "Consent to process is required",
    });
  }
  return errors;
}
