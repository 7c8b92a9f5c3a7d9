/**
 * Test harness of the lead API: the real routes on the real `/api` mount (createApp), a real
 * store of either engine (server/testing/lead-stores.ts), a captured log, and forms of our own so
 * content edits never change what the tests mean.
 */
import type { Hono } from "hono";
import { type FormDefinition, formDefinitionSchema } from "../../../src/forms/index.ts";
import { createApi } from "../../api.ts";
import { createApp } from "../../app.ts";
import { createTestStore, type Engine, type TestStoreHandle } from "../../testing/lead-stores.ts";
import type { LeadStore } from "../store/types.ts";
import type { LeadApiDeps, LeadApiSettings } from "./deps.ts";
import type { LeadLogger, LogValue } from "./log.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.ts";

export const SITE = "http://site.example";

export const TEST_FORMS: FormDefinition[] = [
  {
    alternative_id: "book-demo",
    name: "Book a demo (test)",
    hubspotFormGuid: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    customSuccessMessage: "Thanks — a product specialist will write within one business day.",
    fieldGroups: [
      {
        alternative_fields: [
          { name: "firstname", label: "First name", fieldType: "single_line_text", required: true },
          {
            name: "email",
            label: "Work email",
            fieldType: "email",
            required: true,
            validation: { blockedEmailDomains: ["gmail.com", "yahoo.com"] },
          },
          {
            name: "team_size",
            label: "Team size",
            fieldType: "dropdown",
            required: true,
            options: [
              { label: "1–5", value: "1-5" },
              { label: "6–20", value: "6-20" },
            ],
          },
          { name: "message", label: "Anything else?", fieldType: "multi_line_text" },
          { name: "utm_source", label: "", fieldType: "single_line_text", hidden: true },
        ],
      },
    ],
    legalConsentOptions: {
      consentToProcessText: "I agree that Harbor Desk may store my details to answer me.",
      communicationsCheckboxes: [
        { label: "Send me the monthly newsletter.", subscriptionTypeId: 77, required: false },
      ],
    },
  },
  {
    alternative_id: "apply",
    name: "Job application (test, no CRM form)",
    fieldGroups: [
      {
        alternative_fields: [
          { name: "email", label: "Email", fieldType: "email", required: true },
          { name: "resume", label: "Résumé", fieldType: "file", required: true },
        ],
      },
    ],
    configuration: {
      postSubmitAction: { value: "Thanks for applying. We read every application." },
    },
  },
].map((form) => formDefinitionSchema.parse(form));

export const TEST_FORM_MAP: ReadonlyMap<string, FormDefinition> = new Map(
  TEST_FORMS.map((form) => [form.alternative_id, form]),
);

/** A valid book-demo submission; every call has its own email. */
let counter = 0;
export function validDemo(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    formId: "book-demo",
    firstname: "Ada",
    email: `ada.${counter}@northwind.example`,
    team_size: "6-20",
    "LEGAL_CONSENT.processing": "true",
    pageUri: `${SITE}/demo/`,
    pageName: "Book a demo",
    hubspotutk: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    ipAddress: "203.0.113.9",
    ...overrides,
  };
}

export interface LogEntry {
  event: string;
  fields: Readonly<Record<string, LogValue>>;
}

export interface Harness {
  app: Hono;
  store: LeadStore;
  storeHandle: TestStoreHandle;
  logs: LogEntry[];
  /** Every log line as the JSON logger would write it. */
  logText(): string;
  post(path: string, body: BodyInit | null, headers?: Record<string, string>): Promise<Response>;
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_SETTINGS: LeadApiSettings = {
  trustProxyHops: 0,
  uploadMaxBytes: 1024 * 1024,
  allowedOrigins: ["https://partner.example"],
  crmConfigured: true,
  storeTimeoutMs: 5_000,
};

export async function createHarness(
  options: {
    engine?: Engine;
    settings?: Partial<LeadApiSettings>;
    rateLimiter?: RateLimiter;
    store?: LeadStore;
    /** The API's clock (default the real one). */
    now?: () => Date;
  } = {},
): Promise<Harness> {
  const storeHandle = await createTestStore(options.engine ?? "sqlite");
  const store = options.store ?? (await storeHandle.open());
  const logs: LogEntry[] = [];
  const log: LeadLogger = (event, fields = {}) => logs.push({ event, fields });
  const rateLimiter = options.rateLimiter ?? createRateLimiter({ perMinute: 0 });
  const deps: LeadApiDeps = {
    store,
    forms: TEST_FORM_MAP,
    rateLimiter,
    settings: { ...TEST_SETTINGS, ...options.settings },
    log,
    ...(options.now ? { now: options.now } : {}),
  };
  const app = createApp({ root: "/nonexistent-build", api: createApi({ leads: deps }) });
  const fetchApp = (path: string, init: RequestInit) =>
    Promise.resolve(app.fetch(new Request(`${SITE}${path}`, init)));
  return {
    app,
    store,
    storeHandle,
    logs,
    logText: () =>
      logs.map((entry) => JSON.stringify({ event: entry.event, ...entry.fields })).join("\n"),
    post: (path, body, headers = {}) =>
      fetchApp(path, {
        method: "POST",
        body,
        headers: { origin: SITE, ...headers },
        duplex: "half",
      } as RequestInit),
    postJson: (path, body, headers = {}) =>
      fetchApp(path, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { origin: SITE, "content-type": "application/json", ...headers },
      }),
    get: (path, headers = {}) => fetchApp(path, { headers }),
    close: async () => {
      await rateLimiter.close();
      await storeHandle.cleanup();
    },
  };
}

/** Every lead in the store, whatever its state. */
export async function allLeads(store: LeadStore) {
  return store.listLeads({ limit: 100_000 });
}
