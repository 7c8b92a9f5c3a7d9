/** The lead API's pure parts, and the ip and health endpoints. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCookieHeader } from "../../../src/attribution/index.ts";
import { createTestStore } from "../../testing/lead-stores.ts";
import { attributionCookies, refusesCrm } from "./attribution.ts";
import { decodeUtf8, parseJsonObject, parseUrlEncoded, readCappedBody } from "./body.ts";
import { clientIp, normaliseIp } from "./client-ip.ts";
import { charsetOf, mediaTypeOf } from "./content-type.ts";
import { decodedLength, parseDataUrl } from "./data-url.ts";
import { contentDisposition } from "./files.ts";
import { STATS_MAX_AGE_MS } from "./health.ts";
import { isAllowedOrigin, normaliseOrigin } from "./origin.ts";
import { sniffFile } from "./sniff.ts";
import { createHarness, type Harness, validDemo } from "./testing.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe("sniffFile", () => {
  it("knows the five formats by their magic numbers and says whether they are whole", () => {
    const iend = [0, 0, 0, 0, "IEND", 0xae, 0x42, 0x60, 0x82];
    expect(sniffFile(bytes(0x89, "PNG\r\n", 0x1a, "\n", ...iend))).toEqual({
      mediaType: "image/png",
      extension: "png",
      complete: true,
    });
    expect(sniffFile(bytes(0x89, "PNG\r\n", 0x1a, "\n", 0, 0))?.complete).toBe(false);
    expect(sniffFile(bytes(0xff, 0xd8, 0xff, 0xe0, 0xff, 0xd9))?.mediaType).toBe("image/jpeg");
    expect(sniffFile(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00))?.complete).toBe(false);
    expect(sniffFile(bytes("GIF89a", 1, 2, 0x3b))).toMatchObject({
      mediaType: "image/gif",
      complete: true,
    });
    expect(sniffFile(bytes("RIFF", 4, 0, 0, 0, "WEBP"))).toMatchObject({
      mediaType: "image/webp",
      complete: true,
    });
    expect(sniffFile(bytes("RIFF", 40, 0, 0, 0, "WEBP"))?.complete).toBe(false);
    expect(sniffFile(bytes("%PDF-1.7\n%%EOF\n"))).toMatchObject({
      mediaType: "application/pdf",
      complete: true,
    });
  });

  it("knows nothing else", () => {
    for (const text of [
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "<!doctype html>",
      "<?xml version='1.0'?><svg/>",
      "PK\x03\x04",
      "MZ",
      "",
      "\x89PN",
    ]) {
      expect(sniffFile(bytes(text)), text).toBeNull();
    }
  });
});

describe("parseDataUrl", () => {
  it("reads base64 data URLs with parameters and lowercases the type", () => {
    expect(parseDataUrl("data:Image/PNG;name=a.png;base64,AAAA")).toEqual({
      ok: true,
      dataUrl: { mediaType: "image/png", base64: "AAAA" },
    });
  });
  it("refuses non-base64, non-canonical and truncated payloads", () => {
    expect(parseDataUrl("data:image/png,AAAA")).toEqual({ ok: false, problem: "not-data-url" });
    expect(parseDataUrl("image/png;base64,AAAA")).toEqual({ ok: false, problem: "not-data-url" });
    expect(parseDataUrl("data:image/png;base64,AAA")).toEqual({ ok: false, problem: "bad-base64" });
    expect(parseDataUrl("data:image/png;base64,AA AA")).toEqual({
      ok: false,
      problem: "bad-base64",
    });
    expect(parseDataUrl("data:image/png;base64,A=AA")).toEqual({
      ok: false,
      problem: "bad-base64",
    });
  });
  it("knows the decoded size before decoding", () => {
    for (const n of [0, 1, 2, 3, 4, 100, 1001]) {
      expect(decodedLength(Buffer.alloc(n).toString("base64"))).toBe(n);
    }
  });
});

describe("bodies", () => {
  it("parse JSON objects only, keeping __proto__ as an own key", () => {
    const parsed = parseJsonObject('{"__proto__":{"polluted":true},"a":"1"}');
    expect(parsed.ok && Object.keys(parsed.value)).toEqual(["__proto__", "a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseJsonObject("null")).toEqual({ ok: false, problem: "not-an-object" });
    expect(parseJsonObject("{")).toEqual({ ok: false, problem: "malformed" });
  });
  it("parse urlencoded fields onto a prototype-less object and report repeats", () => {
    const { fields, repeated } = parseUrlEncoded("__proto__=x&a=1&a=2&b=%E2%9C%93");
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.entries(fields)).toEqual([
      ["__proto__", "x"],
      ["a", "1"],
      ["b", "✓"],
    ]);
    expect(repeated).toEqual(["a"]);
  });
  it("decode strict UTF-8", () => {
    expect(decodeUtf8(new Uint8Array([0xe2, 0x9c, 0x93]))).toBe("✓");
    expect(decodeUtf8(new Uint8Array([0xc3]))).toBeNull();
  });
  it("read a body up to the cap exactly", async () => {
    const request = (size: number) =>
      new Request("http://x/", { method: "POST", body: new Uint8Array(size) });
    expect(await readCappedBody(request(100), 100)).toMatchObject({ ok: true });
    expect(await readCappedBody(request(101), 100)).toEqual({ ok: false, problem: "too-large" });
  });
  it("read media types and charsets", () => {
    expect(mediaTypeOf("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(charsetOf('application/json; charset="UTF-8"')).toBe("utf-8");
    expect(charsetOf("application/json")).toBeNull();
  });
});

describe("clientIp", () => {
  it("uses the socket's peer and ignores X-Forwarded-For without TRUST_PROXY", () => {
    expect(
      clientIp({ socketAddress: "::ffff:10.0.0.5", forwardedFor: "1.2.3.4", trustProxyHops: 0 }),
    ).toBe("10.0.0.5");
  });
  it("with TRUST_PROXY takes the address our outermost proxy saw, not what the client claims", () => {
    // The client forged "6.6.6.6"; our one proxy appended the real address 198.51.100.7.
    expect(
      clientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 198.51.100.7",
        trustProxyHops: 1,
      }),
    ).toBe("198.51.100.7");
    expect(
      clientIp({
        socketAddress: "10.0.0.2",
        forwardedFor: "198.51.100.7, 10.0.0.9",
        trustProxyHops: 2,
      }),
    ).toBe("198.51.100.7");
    expect(
      clientIp({ socketAddress: "10.0.0.2", forwardedFor: "not-an-ip", trustProxyHops: 1 }),
    ).toBe("10.0.0.2");
  });
  it("normalises IPs", () => {
    expect(normaliseIp("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normaliseIp("999.1.1.1")).toBeNull();
  });
});

describe("isAllowedOrigin", () => {
  const check = (origin: string | null, secFetchSite: string | null = null) =>
    isAllowedOrigin({
      origin,
      secFetchSite,
      siteHosts: ["harbordesk.example"],
      allowedOrigins: ["https://partner.example"],
    });
  it("allows the site itself (any scheme), listed origins and clients without Origin", () => {
    expect(check("https://harbordesk.example")).toBe(true);
    expect(check("http://harbordesk.example")).toBe(true);
    expect(check("https://partner.example")).toBe(true);
    expect(check(null)).toBe(true);
    expect(check(null, "same-origin")).toBe(true);
  });
  it("refuses other sites, look-alikes, opaque origins and cross-site fetches without Origin", () => {
    expect(check("https://evil.example")).toBe(false);
    expect(check("https://harbordesk.example.evil.example")).toBe(false);
    expect(check("https://harbordesk.example:8443")).toBe(false);
    expect(check("http://partner.example")).toBe(false);
    expect(check("null")).toBe(false);
    expect(check(null, "cross-site")).toBe(false);
  });
  it("normalises ALLOWED_ORIGINS entries", () => {
    expect(normaliseOrigin("HTTPS://Partner.Example/")).toBe("https://partner.example");
    expect(() => normaliseOrigin("https://partner.example/x")).toThrow();
  });
});

/** The built-in banner's saved choice, as the browser sends it in the Cookie header. */
function consentCookie(categories: readonly string[]): string {
  const now = new Date().toISOString();
  const saved = {
    categories: ["necessary", ...categories],
    revision: 0,
    consentTimestamp: now,
    lastConsentTimestamp: now,
    consentId: "00000000-0000-4000-8000-000000000000",
  };
  return `hd_consent=${encodeURIComponent(JSON.stringify(saved))}`;
}

describe("attributionCookies", () => {
  it("keeps attr_* and, when the CRM's token may go, hubspotutk; nothing else", () => {
    const header = "a=1; attr_last_touch=x%7Cy; hubspotutk=abc; __proto__=1; attr_signup=%7B%7D";
    expect(attributionCookies(parseCookieHeader(header), { crmToken: true })).toEqual({
      attr_last_touch: "x%7Cy",
      hubspotutk: "abc",
      attr_signup: "%7B%7D",
    });
    expect(attributionCookies(parseCookieHeader(header), { crmToken: false })).toEqual({
      attr_last_touch: "x%7Cy",
      attr_signup: "%7B%7D",
    });
    expect(attributionCookies(parseCookieHeader(undefined), { crmToken: true })).toEqual({});
    expect(
      attributionCookies(parseCookieHeader(`attr_big=${"x".repeat(5000)}`), { crmToken: true }),
    ).toEqual({});
  });
});

describe("refusesCrm", () => {
  it("is true when the request refuses marketing: a saved choice without it, Do Not Sell, GPC", () => {
    const accepted = consentCookie(["analytics", "marketing"]);
    expect(refusesCrm(parseCookieHeader(accepted), null)).toBe(false);
    expect(refusesCrm(parseCookieHeader(accepted), "0")).toBe(false);
    // Refused, or withdrawn to analytics only.
    expect(refusesCrm(parseCookieHeader(consentCookie([])), null)).toBe(true);
    expect(refusesCrm(parseCookieHeader(consentCookie(["analytics"])), null)).toBe(true);
    // Do Not Sell and Global Privacy Control switch marketing off whatever was accepted.
    expect(refusesCrm(parseCookieHeader(`${accepted}; hd_do_not_sell=1`), null)).toBe(true);
    expect(refusesCrm(parseCookieHeader(accepted), "1")).toBe(true);
  });
  it("is false when the request says nothing: the API cannot know the site's mode (the form decides)", () => {
    expect(refusesCrm(parseCookieHeader("hubspotutk=abc"), null)).toBe(false);
    expect(refusesCrm(parseCookieHeader(undefined), undefined)).toBe(false);
    expect(refusesCrm(parseCookieHeader("hd_consent=%7Bnot-json"), null)).toBe(false);
  });
});

describe("contentDisposition", () => {
  it("always says attachment, with an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("résumé.pdf")).toBe(
      `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
    );
  });
});

describe("GET /api/ip and /api/health", () => {
  let h: Harness;
  let clockMs = Date.now();
  const countsRequested: Date[] = [];
  beforeAll(async () => {
    const handle = await createTestStore("sqlite");
    const inner = await handle.open();
    // The real store, with its stats calls written down.
    const stats = (at: Date) => {
      countsRequested.push(at);
      return inner.stats(at);
    };
    const store = new Proxy(inner, {
      get(target, property) {
        if (property === "stats") return stats;
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    h = await createHarness({
      settings: { trustProxyHops: 1 },
      store,
      now: () => new Date(clockMs),
    });
    const close = h.close;
    h.close = async () => {
      await close();
      await inner.close().catch(() => {});
      await handle.cleanup();
    };
  });
  afterAll(async () => h?.close());

  it("answers the caller's IP", async () => {
    const response = await h.get("/api/ip", { "x-forwarded-for": "203.0.113.50" });
    expect(await response.json()).toEqual({ ip: "203.0.113.50" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("reports the store, the outbox depth and the oldest undelivered lead's age", async () => {
    const empty = await h.get("/api/health");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({
      ok: true,
      store: { engine: "sqlite", reachable: true },
      outbox: { depth: 0, oldestPendingAgeSeconds: null },
    });
    await h.postJson("/api/hubspot/submitForm", validDemo());
    await h.postJson("/api/hubspot/submitForm", validDemo());
    clockMs += STATS_MAX_AGE_MS;
    const busy = (await (await h.get("/api/health")).json()) as {
      outbox: { depth: number; oldestPendingAgeSeconds: number };
    };
    expect(busy.outbox.depth).toBe(2);
    expect(busy.outbox.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(5);
  });

  it("counts the leads at most once per interval, however often it is asked", async () => {
    clockMs += STATS_MAX_AGE_MS;
    const before = countsRequested.length;
    // A flood of health checks (the endpoint is public) costs one count, and a ping each.
    const answers = await Promise.all(Array.from({ length: 50 }, () => h.get("/api/health")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    clockMs += STATS_MAX_AGE_MS - 1;
    expect((await h.get("/api/health")).status).toBe(200);
    expect(countsRequested.length - before).toBe(1);
    // The counts in the answer are that interval's; the age of the oldest lead is now's.
    const stale = (await (await h.get("/api/health")).json()) as {
      outbox: { oldestPendingAgeSeconds: number };
    };
    expect(stale.outbox.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(15);
    clockMs += 1;
    await h.get("/api/health");
    expect(countsRequested.length - before).toBe(2);
  });

  it("answers 503 when the store is down", async () => {
    await h.store.close();
    const response = await h.get("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      store: { engine: "sqlite", reachable: false },
    });
  });
});
