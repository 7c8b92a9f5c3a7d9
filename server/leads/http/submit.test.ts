/** POST /api/hubspot/submitForm against the real SQLite store: what is answered, what is stored. */
import { request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_SUBMISSION_BYTES, NOT_AN_UPLOAD_MESSAGE } from "../../../src/forms/index.ts";
import { type RunningServer, startServer } from "../../node.ts";
import { allLeads, createHarness, type Harness, SITE, validDemo } from "./testing.ts";

const SUBMIT = "/api/hubspot/submitForm";

/** The built-in banner's cookie of a visitor who accepted marketing, as the browser sends it. */
const MARKETING_ACCEPTED = `hd_consent=${encodeURIComponent(
  JSON.stringify({
    categories: ["necessary", "analytics", "marketing"],
    revision: 0,
    consentTimestamp: "2026-11-02T09:00:00.000Z",
    lastConsentTimestamp: "2026-11-02T09:00:00.000Z",
    consentId: "00000000-0000-4000-8000-000000000000",
  }),
)}`;
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Every test that expects a refusal also proves nothing new was stored. */
let storedBefore = 0;
beforeEach(async () => {
  storedBefore = (await allLeads(h.store)).length;
});
const storedSince = async () => (await allLeads(h.store)).length - storedBefore;

describe("a valid submission", () => {
  it("is stored with its context, consent and attribution cookies, then answered with the form's message", async () => {
    const body = validDemo({
      utm_source: "newsletter",
      message: "  Moving off a shared Gmail inbox.  ",
    });
    const response = await h.postJson(SUBMIT, body, {
      cookie: `attr_last_touch=src%3Dnewsletter; hubspotutk=abc123; session=secret; attr_first_url=%2Fpricing%2F; ${MARKETING_ACCEPTED}`,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64)",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Thanks — a product specialist will write within one business day.",
    });
    const leads = await allLeads(h.store);
    const lead = leads.find((candidate) => candidate.values.email === body.email);
    expect(lead).toBeDefined();
    expect(lead).toMatchObject({
      formId: "book-demo",
      crmFormGuid: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      deliveryState: "pending",
      values: {
        firstname: "Ada",
        email: body.email,
        team_size: "6-20",
        utm_source: "newsletter",
        message: "Moving off a shared Gmail inbox.",
      },
      consent: { "LEGAL_CONSENT.processing": true, "LEGAL_CONSENT.subscription_type_77": false },
      context: {
        pageUri: `${SITE}/demo/`,
        pageName: "Book a demo",
        hubspotutk: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        ipAddress: "203.0.113.9",
      },
      attribution: {
        attr_last_touch: "src%3Dnewsletter",
        hubspotutk: "abc123",
        attr_first_url: "%2Fpricing%2F",
      },
      userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      spamReason: null,
    });
    expect(lead?.attribution).not.toHaveProperty("session");
    expect(lead?.formVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(await storedSince()).toBe(1);
  });

  it("keeps no CRM token, from the body or the cookie, when the request refuses marketing or the form sent none", async () => {
    const cases: [string, Record<string, string>][] = [
      // Accepted once, then opted out of sale (the same with Sec-GPC: 1 or a withdrawal).
      [`hubspotutk=abc123; attr_last_touch=x; ${MARKETING_ACCEPTED}; hd_do_not_sell=1`, {}],
      [`hubspotutk=abc123; attr_last_touch=x; ${MARKETING_ACCEPTED}`, { "sec-gpc": "1" }],
    ];
    for (const [cookie, headers] of cases) {
      const body = validDemo();
      expect((await h.postJson(SUBMIT, body, { cookie, ...headers })).status).toBe(200);
      const lead = (await allLeads(h.store)).find((l) => l.values.email === body.email);
      expect(lead?.attribution).toEqual({ attr_last_touch: "x" });
      expect(lead?.context).not.toHaveProperty("hubspotutk");
    }
    // The site's form left the token out (its consent rule said no): the cookie stays out too.
    const body = validDemo({ hubspotutk: undefined });
    const response = await h.postJson(SUBMIT, body, {
      cookie: "hubspotutk=abc123; attr_last_touch=x",
    });
    expect(response.status).toBe(200);
    const lead = (await allLeads(h.store)).find((l) => l.values.email === body.email);
    expect(lead?.attribution).toEqual({ attr_last_touch: "x" });
  });

  it("takes the CRM target from the server's definition, never the request", async () => {
    const body = validDemo();
    const response = await h.postJson(SUBMIT, {
      ...body,
      hubspotFormGuid: "ffffffff-ffff-4fff-8fff-ffffffffffff",
    });
    expect(response.status).toBe(400);
    expect(await storedSince()).toBe(0);
    await h.postJson(SUBMIT, body);
    const [lead] = await h.store.listLeads({ email: body.email as string });
    expect(lead?.crmFormGuid).toBe("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
  });

  it("answers postSubmitAction.value when the form has no custom message, and holds leads of a form without CRM target", async () => {
    const upload = "/api/files/AbCdEfGhIjKlMnOpQrStUvWx";
    await h.store.putFile({
      id: "AbCdEfGhIjKlMnOpQrStUvWx",
      filename: "cv.pdf",
      contentType: "application/pdf",
      bytes: new Uint8Array([37, 80, 68, 70]),
      createdAt: new Date(),
    });
    const response = await h.postJson(SUBMIT, {
      formId: "apply",
      email: "lin@acme.example",
      resume: upload,
    });
    expect(await response.json()).toEqual({
      success: true,
      message: "Thanks for applying. We read every application.",
    });
    const [lead] = await h.store.listLeads({ email: "lin@acme.example" });
    expect(lead).toMatchObject({
      deliveryState: "held",
      crmFormGuid: null,
      values: { resume: upload },
    });
  });

  it("refuses a file field naming an upload the store does not hold, and stores nothing", async () => {
    const response = await h.postJson(SUBMIT, {
      formId: "apply",
      email: "noor@acme.example",
      resume: "/api/files/NeverUploadedNeverUploaded",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      errors: [{ field: "resume", message: NOT_AN_UPLOAD_MESSAGE }],
    });
    expect(await h.store.listLeads({ email: "noor@acme.example" })).toEqual([]);
  });

  it("stores one lead for the same submissionId sent twice, and answers both alike", async () => {
    const body = validDemo({ submissionId: "retry-after-a-dropped-response-1" });
    const first = await h.postJson(SUBMIT, body);
    const second = await h.postJson(SUBMIT, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await h.store.listLeads({ email: body.email as string })).toHaveLength(1);
    expect(await storedSince()).toBe(1);
    expect(h.logs.filter((entry) => entry.event === "lead.stored").at(-1)?.fields.duplicate).toBe(
      true,
    );
  });

  it("answers spam (honeypot, or filled in under 3 s) exactly like a success and stores it as spam", async () => {
    const honeypot = validDemo({ hd_website: "http://cheap-pills.example" });
    const fast = validDemo({ hd_fill_ms: "900" });
    const human = validDemo({ hd_fill_ms: "45000", hd_website: "" });
    const answers = [];
    for (const body of [honeypot, fast, human]) {
      const response = await h.postJson(SUBMIT, body);
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    const state = async (email: unknown) =>
      (await h.store.listLeads({ email: email as string }))[0];
    expect(await state(honeypot.email)).toMatchObject({
      deliveryState: "spam",
      spamReason: "honeypot",
    });
    expect(await state(fast.email)).toMatchObject({
      deliveryState: "spam",
      spamReason: "too-fast",
    });
    expect(await state(human.email)).toMatchObject({ deliveryState: "pending", spamReason: null });
  });

  it("accepts a JSON body with a UTF-8 charset parameter", async () => {
    const response = await h.post(SUBMIT, JSON.stringify(validDemo({ firstname: "Zoë" })), {
      "content-type": "application/json; charset=UTF-8",
    });
    expect(response.status).toBe(200);
  });

  it("logs lead ids and form ids, never personal data", async () => {
    const body = validDemo({ firstname: "Persephone", message: "call me on 555-0199" });
    await h.postJson(SUBMIT, body, {
      cookie: "attr_last_touch=secret-campaign",
      "user-agent": "UA-Marker",
    });
    await h.postJson(SUBMIT, { ...body, email: "persephone@gmail.com" });
    const text = h.logText();
    expect(text).toMatch(/"event":"lead.stored".*"leadId":"[0-9a-f-]{36}"/);
    for (const secret of [
      "Persephone",
      body.email as string,
      "555-0199",
      "secret-campaign",
      "UA-Marker",
      "203.0.113",
      "gmail",
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("refusals store nothing and say why", () => {
  async function expectRefusal(response: Response, status: number, pattern: RegExp) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(pattern);
    expect(await storedSince()).toBe(0);
    return body;
  }

  it.each([
    ["missing required field", { firstname: undefined }, "firstname", "Sorry, that is required"],
    ["bad email", { email: "ada@northwind" }, "email", "Please enter a valid email address"],
    [
      "blocked domain",
      { email: "ada@gmail.com" },
      "email",
      "Please enter a valid email address. This form does not accept gmail.com addresses: please use your work email.",
    ],
    [
      "blocked subdomain",
      { email: "ada@mail.yahoo.com" },
      "email",
      "This form does not accept mail.yahoo.com",
    ],
    [
      "value not offered",
      { team_size: "5000+" },
      "team_size",
      "Please choose one of the options offered",
    ],
    [
      "unknown field",
      { favourite_colour: "teal" },
      "favourite_colour",
      'This form has no field named "favourite_colour"',
    ],
    [
      "consent not given",
      { "LEGAL_CONSENT.processing": "false" },
      "LEGAL_CONSENT.processing",
      "Sorry, that is required",
    ],
    ["wrong type", { firstname: 42 }, "firstname", "Expected text"],
    [
      "too long",
      { message: "x".repeat(10_001) },
      "message",
      "Please keep this under 10,000 characters",
    ],
    [
      "bad submissionId",
      { submissionId: "no spaces allowed" },
      "submissionId",
      "Expected 8 to 100",
    ],
  ])("%s → 400 naming the field", async (_name, change, field, message) => {
    const body = await expectRefusal(
      await h.postJson(SUBMIT, validDemo(change)),
      400,
      /^Please check this field\. .+: /,
    );
    expect((body as unknown as { errors: unknown[] }).errors).toEqual([
      { field, message: expect.stringContaining(message) },
    ]);
  });

  it("names every invalid field at once, by label in the message", async () => {
    const body = await expectRefusal(
      await h.postJson(SUBMIT, validDemo({ firstname: "", email: "nope", team_size: "x" })),
      400,
      /Please check these fields\. First name: Sorry, that is required; Work email: Please enter a valid email address; Team size: Please choose/,
    );
    expect((body as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(
      ["firstname", "email", "team_size"],
    );
  });

  it("unknown form → 404", async () => {
    await expectRefusal(
      await h.postJson(SUBMIT, validDemo({ formId: "no-such-form" })),
      404,
      /form does not exist/,
    );
  });

  it("missing form id → 400", async () => {
    const body = validDemo();
    delete body.formId;
    await expectRefusal(await h.postJson(SUBMIT, body), 400, /Please check/);
  });

  it("malformed JSON → 400; a JSON array or string → 400", async () => {
    await expectRefusal(
      await h.post(SUBMIT, '{"formId":"book-demo",', { "content-type": "application/json" }),
      400,
      /not valid JSON/,
    );
    await expectRefusal(
      await h.post(SUBMIT, "[1,2]", { "content-type": "application/json" }),
      400,
      /JSON object/,
    );
    await expectRefusal(
      await h.post(SUBMIT, '"hi"', { "content-type": "application/json" }),
      400,
      /JSON object/,
    );
  });

  it("bytes that are not UTF-8 → 400", async () => {
    await expectRefusal(
      await h.post(SUBMIT, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), {
        "content-type": "application/json",
      }),
      400,
      /UTF-8/,
    );
  });

  it("wrong content type → 415", async () => {
    await expectRefusal(
      await h.post(SUBMIT, JSON.stringify(validDemo()), { "content-type": "text/plain" }),
      415,
      /application\/json/,
    );
    await expectRefusal(
      await h.post(SUBMIT, JSON.stringify(validDemo()), {}),
      415,
      /application\/json/,
    );
    await expectRefusal(
      await h.post(SUBMIT, "--x\r\n", { "content-type": "multipart/form-data; boundary=x" }),
      415,
      /application\/json/,
    );
    await expectRefusal(
      await h.post(SUBMIT, JSON.stringify(validDemo()), {
        "content-type": "application/json; charset=latin1",
      }),
      415,
      /application\/json/,
    );
  });

  it("oversize by Content-Length → 413 without reading the body", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
        if (pulled > 100) controller.close();
      },
    });
    const response = await h.post(SUBMIT, stream, {
      "content-type": "application/json",
      "content-length": String(MAX_SUBMISSION_BYTES + 1),
    });
    await expectRefusal(response, 413, /too large/);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("oversize streamed without Content-Length → 413, reading stops just past the cap", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 8 * 1024;
        controller.enqueue(new Uint8Array(8 * 1024).fill(0x20));
      },
    });
    await expectRefusal(
      await h.post(SUBMIT, stream, { "content-type": "application/json" }),
      413,
      /too large/,
    );
    expect(sent).toBeLessThan(MAX_SUBMISSION_BYTES + 64 * 1024);
  });

  it("a cross-site Origin → 403; the site itself, an allowed origin and non-browser clients pass", async () => {
    await expectRefusal(
      await h.postJson(SUBMIT, validDemo(), { origin: "https://evil.example" }),
      403,
      /Cross-site/,
    );
    await expectRefusal(
      await h.postJson(SUBMIT, validDemo(), { origin: "null" }),
      403,
      /Cross-site/,
    );
    const noOrigin = await h.app.fetch(
      new Request(`${SITE}${SUBMIT}`, {
        method: "POST",
        body: JSON.stringify(validDemo()),
        headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      }),
    );
    await expectRefusal(noOrigin, 403, /Cross-site/);
    expect(
      (await h.postJson(SUBMIT, validDemo(), { origin: "https://partner.example" })).status,
    ).toBe(200);
    expect((await h.postJson(SUBMIT, validDemo(), { origin: "https://site.example" })).status).toBe(
      200,
    );
    const curl = await h.app.fetch(
      new Request(`${SITE}${SUBMIT}`, {
        method: "POST",
        body: JSON.stringify(validDemo()),
        headers: { "content-type": "application/json" },
      }),
    );
    expect(curl.status).toBe(200);
  });
});

describe("over a real socket (the Node adapter's request)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ app: h.app, port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => server?.close());

  function send(chunks: AsyncIterable<Buffer> | Buffer, headers: Record<string, string>) {
    return new Promise<{
      status: number;
      body: string;
      connection: string | undefined;
      sent: number;
    }>((resolve, reject) => {
      let sent = 0;
      const req = request(
        {
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path: SUBMIT,
          headers,
          agent: false,
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body,
              connection: res.headers.connection,
              sent,
            }),
          );
        },
      );
      req.on("error", () => {});
      if (Buffer.isBuffer(chunks)) {
        req.end(chunks);
        return;
      }
      (async () => {
        for await (const chunk of chunks) {
          if (req.destroyed) return;
          sent += chunk.byteLength;
          if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        }
        req.end();
      })().catch(reject);
    });
  }

  it("stores and answers a submission read straight from the socket, with the caller's IP", async () => {
    const body = validDemo();
    const answer = await send(Buffer.from(JSON.stringify(body)), {
      "content-type": "application/json",
      origin: `http://127.0.0.1:${server.port}`,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).success).toBe(true);
    const [lead] = await h.store.listLeads({ email: body.email as string });
    expect(lead?.ip).toBe("127.0.0.1");
  });

  it("stops reading a chunked body past the cap, answers 413 and closes the connection", async () => {
    async function* endless() {
      for (let i = 0; i < 10_000; i++) {
        yield Buffer.alloc(16 * 1024, 0x20);
        await new Promise((r) => setImmediate(r));
      }
    }
    const answer = await send(endless(), {
      "content-type": "application/json",
      "transfer-encoding": "chunked",
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: "The request is too large",
    });
    // Far less than the 160 MB the client was ready to send.
    expect(answer.sent).toBeLessThan(8 * 1024 * 1024);
    expect(await storedSince()).toBe(0);
  });
});
