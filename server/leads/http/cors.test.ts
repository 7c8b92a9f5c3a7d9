/**
 * Cross-origin posts from a page of ALLOWED_ORIGINS (the harness lists https://partner.example):
 * the preflight a browser sends before a JSON post, the header that lets the page read the
 * answer, and the no-JavaScript post that is sent back to the partner's page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedOrigin } from "./cors.ts";
import { createHarness, type Harness, SITE, validDemo } from "./testing.ts";

const SUBMIT = "/api/hubspot/submitForm";
const UPLOAD = "/api/hubspot/uploadFile";
const PARTNER = "https://partner.example";
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const preflight = (path: string, origin: string) =>
  Promise.resolve(
    h.app.fetch(
      new Request(`${SITE}${path}`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      }),
    ),
  );

describe("preflight", () => {
  it.each([SUBMIT, UPLOAD])("lets a listed origin post to %s", async (path) => {
    const response = await preflight(path, PARTNER);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(response.headers.get("access-control-allow-methods")).toBe("POST");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toBe(
      "content-type",
    );
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("vary")).toBe("Origin");
  });

  it.each([
    "https://evil.example",
    "http://partner.example",
    "https://partner.example.evil.example",
    "null",
  ])("refuses %s with 403 and no allow header", async (origin) => {
    const response = await preflight(SUBMIT, origin);
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(await response.json()).toMatchObject({ success: false });
  });
});

describe("answers", () => {
  it("name a listed origin, so its page can read whether the lead was taken", async () => {
    const demo = validDemo();
    const response = await h.postJson(SUBMIT, demo, { origin: PARTNER });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(response.headers.get("vary")).toMatch(/origin/i);
    expect(await h.store.listLeads({ email: String(demo.email) })).toHaveLength(1);
  });

  it("name it on a refusal too: the page shows the field errors", async () => {
    const response = await h.postJson(SUBMIT, validDemo({ email: "not-an-email" }), {
      origin: PARTNER,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe(PARTNER);
  });

  it("carry no allow header for this site's own pages or an unlisted origin", async () => {
    const own = await h.postJson(SUBMIT, validDemo());
    expect(own.status).toBe(200);
    expect(own.headers.get("access-control-allow-origin")).toBeNull();

    const foreign = await h.postJson(SUBMIT, validDemo(), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("a native post from a listed origin's page", () => {
  it("is sent back to that page with the outcome", async () => {
    const body = new URLSearchParams({
      formId: "book-demo",
      redirectTo: `${PARTNER}/events/summit/?ref=booth`,
      firstname: "Noor",
      email: `noor.${Math.random().toString(36).slice(2)}@harbor.example`,
      team_size: "1-5",
      "LEGAL_CONSENT.processing": "on",
      hd_website: "",
    }).toString();
    const response = await h.post(SUBMIT, body, {
      origin: PARTNER,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `${PARTNER}/events/summit/?ref=booth&hd_form=book-demo&hd_status=success#form-book-demo`,
    );
  });

  it("goes back by its Referer when the form names no page, and never to an unlisted one", async () => {
    const fields = {
      formId: "book-demo",
      firstname: "Noor",
      email: "",
      team_size: "1-5",
      "LEGAL_CONSENT.processing": "on",
      hd_website: "",
    };
    const fromPartner = await h.post(SUBMIT, new URLSearchParams(fields).toString(), {
      origin: PARTNER,
      referer: `${PARTNER}/events/`,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(fromPartner.status).toBe(303);
    expect(fromPartner.headers.get("location")).toMatch(
      /^https:\/\/partner\.example\/events\/\?hd_form=book-demo&hd_status=error&hd_errors=email/,
    );

    const named = await h.post(
      SUBMIT,
      new URLSearchParams({ ...fields, redirectTo: "https://evil.example/phish" }).toString(),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(named.headers.get("location")).toMatch(/^\/\?hd_form=book-demo&hd_status=error/);
  });
});

describe("listedOrigin", () => {
  it("normalises before comparing, and reads nothing else as an origin", () => {
    expect(listedOrigin("HTTPS://Partner.Example", [PARTNER])).toBe(PARTNER);
    expect(listedOrigin("https://partner.example:443", [PARTNER])).toBe(PARTNER);
    expect(listedOrigin("not a url", [PARTNER])).toBeNull();
    expect(listedOrigin(null, [PARTNER])).toBeNull();
    expect(listedOrigin(PARTNER, [])).toBeNull();
  });
});
