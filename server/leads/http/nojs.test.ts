/** The no-JavaScript contract: a native urlencoded form post is answered with 303 (docs/lead-api.md). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_ID_PREFIX } from "./native-submission-id.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { noJsLocation, returnTarget } from "./redirect.ts";
import { allLeads, createHarness, type Harness, SITE } from "./testing.ts";

const SUBMIT = "/api/hubspot/submitForm";
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  h.post(SUBMIT, form(fields), { "content-type": "application/x-www-form-urlencoded", ...headers });

const demo = (overrides: Record<string, string> = {}) => ({
  formId: "book-demo",
  redirectTo: "/demo/?utm_source=ads",
  firstname: "Noor",
  email: `noor.${Math.random().toString(36).slice(2)}@harbor.example`,
  team_size: "1-5",
  "LEGAL_CONSENT.processing": "on",
  hd_website: "",
  ...overrides,
});

describe("urlencoded form posts", () => {
  it("store the lead and answer 303 back to the page with the success flag and the form's anchor", async () => {
    const fields = demo();
    const response = await post(fields);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      "/demo/?utm_source=ads&hd_form=book-demo&hd_status=success#form-book-demo",
    );
    const [lead] = await h.store.listLeads({ email: fields.email });
    expect(lead?.values).toMatchObject({ firstname: "Noor", team_size: "1-5" });
    expect(lead?.consent["LEGAL_CONSENT.processing"]).toBe(true);
    expect(lead?.values).not.toHaveProperty("redirectTo");
  });

  it("answer invalid posts with 303 naming the fields in error, storing nothing", async () => {
    const before = (await allLeads(h.store)).length;
    const response = await post(
      demo({ email: "noor@gmail.com", team_size: "", "LEGAL_CONSENT.processing": "" }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      "/demo/?utm_source=ads&hd_form=book-demo&hd_status=error&hd_errors=email%2Cteam_size%2CLEGAL_CONSENT.processing#form-book-demo",
    );
    expect((await allLeads(h.store)).length).toBe(before);
  });

  it("ignore a submissionId: a static page would give every visitor the same one", async () => {
    const first = demo({ submissionId: "fixed-in-static-html" });
    const second = demo({ submissionId: "fixed-in-static-html" });
    expect((await post(first)).headers.get("location")).toContain("hd_status=success");
    expect((await post(second)).headers.get("location")).toContain("hd_status=success");
    expect(await h.store.listLeads({ email: first.email })).toHaveLength(1);
    expect(await h.store.listLeads({ email: second.email })).toHaveLength(1);
    const [one] = await h.store.listLeads({ email: first.email });
    const [other] = await h.store.listLeads({ email: second.email });
    expect(one?.submissionId).toMatch(new RegExp(`^${NATIVE_ID_PREFIX}`));
    expect(other?.submissionId).toMatch(new RegExp(`^${NATIVE_ID_PREFIX}`));
    expect(one?.submissionId).not.toBe(other?.submissionId);
  });

  it("store a post sent twice once: a second click answers success and adds nothing", async () => {
    const fields = demo();
    for (const _ of [1, 2]) {
      const response = await post(fields);
      expect(response.headers.get("location")).toContain("hd_status=success");
    }
    expect(await h.store.listLeads({ email: fields.email })).toHaveLength(1);
    expect(h.logs.some((l) => l.event === "lead.stored" && l.fields.duplicate === true)).toBe(true);
  });

  it("store a resend after a store timeout once, though the first insert committed late", async () => {
    // The store answers after the API gave up (503), and commits all the same.
    let delay = 300;
    const slow = new Proxy(h.store, {
      get(store, name) {
        if (name === "insertLead") {
          return async (lead: Parameters<typeof store.insertLead>[0]) => {
            await new Promise((resolve) => setTimeout(resolve, delay));
            return store.insertLead(lead);
          };
        }
        const value = Reflect.get(store, name);
        return typeof value === "function" ? value.bind(store) : value;
      },
    });
    const impatient = await createHarness({ store: slow, settings: { storeTimeoutMs: 50 } });
    try {
      const fields = demo();
      const send = () =>
        impatient.post(SUBMIT, form(fields), {
          "content-type": "application/x-www-form-urlencoded",
        });
      expect((await send()).headers.get("location")).toContain("hd_reason=unavailable");
      await expect
        .poll(async () => (await h.store.listLeads({ email: fields.email })).length)
        .toBe(1);
      delay = 0;
      expect((await send()).headers.get("location")).toContain("hd_status=success");
      expect(await h.store.listLeads({ email: fields.email })).toHaveLength(1);
    } finally {
      await impatient.close();
    }
  });

  it("refuse a field sent twice", async () => {
    const body = `${form(demo())}&email=second%40harbor.example`;
    const response = await h.post(SUBMIT, body, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.headers.get("location")).toContain("hd_status=error&hd_errors=email");
  });

  it("name the fields in error in form order, whatever the order of the problems", async () => {
    // team_size sent twice (checked first) and firstname missing: the form asks firstname first.
    const body = `${form(demo({ firstname: "" }))}&team_size=6-25`;
    const response = await h.post(SUBMIT, body, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.headers.get("location")).toContain("hd_errors=firstname%2Cteam_size");
  });

  it("say why when no field is to blame: unknown form, too large", async () => {
    expect((await post(demo({ formId: "gone" }))).headers.get("location")).toBe(
      "/demo/?utm_source=ads&hd_status=error&hd_reason=unknown-form",
    );
    const huge = await post(demo({ message: "x".repeat(70_000) }), { referer: `${SITE}/contact/` });
    expect(huge.status).toBe(303);
    expect(huge.headers.get("location")).toBe("/contact/?hd_status=error&hd_reason=too-large");
  });

  it("never redirect off the site: other hosts, protocol-relative and scheme tricks fall back to the Referer or /", async () => {
    for (const target of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "http://site.example@evil.example/",
      "/%0d%0aSet-Cookie:x=1",
    ]) {
      const response = await post(demo({ redirectTo: target }), { referer: `${SITE}/pricing/` });
      expect(response.status, target).toBe(303);
      const location = response.headers.get("location") as string;
      expect(
        location.startsWith("/") && !location.startsWith("//"),
        `${target} → ${location}`,
      ).toBe(true);
      expect(new URL(location, SITE).origin).toBe(SITE);
    }
    const noReferer = await post(demo({ redirectTo: "https://evil.example/" }));
    expect(noReferer.headers.get("location")).toBe(
      "/?hd_form=book-demo&hd_status=success#form-book-demo",
    );
    const offSiteReferer = await post(demo({ redirectTo: "" }), {
      referer: "https://evil.example/x",
    });
    expect(offSiteReferer.headers.get("location")).toMatch(/^\/\?hd_form=book-demo/);
  });

  it("refuse cross-site posts with 403 and no redirect", async () => {
    const response = await post(demo(), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
  });

  it("answer a rate-limited post with 303 and the reason", async () => {
    const limited = await createHarness({ rateLimiter: createRateLimiter({ perMinute: 1 }) });
    try {
      // A limited request's body is never read, so the way back is the Referer browsers send.
      const send = () =>
        limited.post(SUBMIT, form(demo()), {
          "content-type": "application/x-www-form-urlencoded",
          referer: `${SITE}/demo/?utm_source=ads`,
        });
      expect((await send()).headers.get("location")).toContain("hd_status=success");
      const second = await send();
      expect(second.status).toBe(303);
      expect(second.headers.get("location")).toBe(
        "/demo/?utm_source=ads&hd_status=error&hd_reason=rate-limited",
      );
    } finally {
      await limited.close();
    }
  });
});

describe("redirect helpers", () => {
  it("returnTarget keeps paths and same-host URLs, drops everything else", () => {
    const hosts = ["site.example"];
    expect(returnTarget("/a/b/?x=1#frag", hosts)).toBe("/a/b/?x=1");
    expect(returnTarget("https://site.example/a/", hosts)).toBe("/a/");
    expect(returnTarget("a/b", hosts)).toBe("/a/b");
    expect(returnTarget("//evil.example/", hosts)).toBeNull();
    expect(returnTarget("https://evil.example/", hosts)).toBeNull();
    expect(returnTarget("/\\evil.example", hosts)).toBeNull();
    expect(returnTarget("/x\u0000", hosts)).toBeNull();
    expect(returnTarget("data:text/html,hi", hosts)).toBeNull();
    expect(returnTarget(null, hosts)).toBeNull();
  });

  it("returnTarget keeps a page of an allowed origin as an absolute URL, and nothing near it", () => {
    const hosts = ["site.example"];
    const allowed = ["https://partner.example"];
    expect(returnTarget("https://partner.example/events/?x=1#f", hosts, allowed)).toBe(
      "https://partner.example/events/?x=1",
    );
    // Another scheme, port or subdomain is another origin; credentials could disguise a host.
    expect(returnTarget("http://partner.example/events/", hosts, allowed)).toBeNull();
    expect(returnTarget("https://partner.example:8443/", hosts, allowed)).toBeNull();
    expect(returnTarget("https://evil.partner.example/", hosts, allowed)).toBeNull();
    expect(returnTarget("https://user:pw@partner.example/", hosts, allowed)).toBeNull();
    expect(returnTarget("https://partner.example//evil.example/", hosts, allowed)).toBeNull();
    // Without the list, the partner is any other host.
    expect(returnTarget("https://partner.example/events/", hosts)).toBeNull();
  });

  it("noJsLocation keeps an allowed origin's page absolute", () => {
    expect(
      noJsLocation("https://partner.example/events/?hd_status=error", "book-demo", {
        status: "success",
      }),
    ).toBe("https://partner.example/events/?hd_form=book-demo&hd_status=success#form-book-demo");
  });

  it("noJsLocation replaces earlier flags", () => {
    expect(
      noJsLocation("/demo/?hd_status=error&hd_errors=email&ref=1", "book-demo", {
        status: "success",
      }),
    ).toBe("/demo/?ref=1&hd_form=book-demo&hd_status=success#form-book-demo");
  });
});
