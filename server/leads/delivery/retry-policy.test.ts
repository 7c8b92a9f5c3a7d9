import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  classifyOutcome,
  hubspotErrorReason,
  parseRetryAfter,
  retryDelayMs,
} from "./retry-policy.ts";

const policy = { baseMs: 1_000, capMs: 60_000 };
const response = (status: number, body = "", retryAfter: string | null = null) =>
  ({ kind: "response", status, body, retryAfter }) as const;
const hubspot400 = (...types: string[]) =>
  JSON.stringify({
    status: "error",
    message: "The request is not valid",
    correlationId: "c0ffee",
    errors: types.map((errorType) => ({
      message: `Error in 'fields.email'. ${errorType}`,
      errorType,
    })),
  });

describe("backoffDelayMs (exponential, full jitter)", () => {
  it("draws uniformly below base·2^attempt", () => {
    expect(backoffDelayMs(0, policy, () => 0.5)).toBe(500);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(4_000);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
    expect(backoffDelayMs(3, policy, () => 0.999_999)).toBe(7_999);
  });

  it("never exceeds the cap, however many attempts failed", () => {
    expect(backoffDelayMs(10, policy, () => 0.999_999)).toBe(59_999);
    expect(backoffDelayMs(10_000, policy, () => 0.5)).toBe(30_000);
  });

  it("honours a longer Retry-After (up to the cap, below)", () => {
    const decision = classifyOutcome(response(503, "", "45"), 0);
    if (decision.action !== "retry") throw new Error("expected retry");
    expect(retryDelayMs(decision, 0, policy, () => 0.5)).toBe(45_000);
    const short = classifyOutcome(response(503, "", "0"), 0);
    if (short.action !== "retry") throw new Error("expected retry");
    expect(retryDelayMs(short, 4, policy, () => 0.5)).toBe(8_000);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("10", 0)).toBe(10_000);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:01:00 GMT", 0)).toBe(60_000);
    expect(parseRetryAfter("soon", 0)).toBeNull();
    expect(parseRetryAfter(null, 0)).toBeNull();
  });

  it("reads the two obsolete date forms too, the one without a zone as GMT", () => {
    expect(parseRetryAfter("Thursday, 01-Jan-70 00:01:00 GMT", 0)).toBe(60_000);
    expect(parseRetryAfter("Thu Jan  1 00:01:00 1970", 0)).toBe(60_000);
  });

  // V8's Date.parse reads "-1", "1.5" or "+5" as dates in 2001: a header that is neither
  // form must not become a wait that depends on today's date.
  it.each([
    "-1",
    "1.5",
    "+5",
    "1e9",
    "12 s",
    "1 2",
    "Infinity",
    "Thu, 32 Foo 2025 99:99:99 GMT",
    "",
  ])("%j is unreadable", (value) => {
    expect(parseRetryAfter(value, 0)).toBeNull();
  });
});

describe("a Retry-After never makes a lead wait longer than the cap", () => {
  const retry = (retryAfter: string) => {
    const decision = classifyOutcome(response(429, "", retryAfter), 0);
    if (decision.action !== "retry") throw new Error("expected retry");
    return decision;
  };

  it.each([
    ["a day in seconds", "86400"],
    ["30 days, past what setTimeout can hold", "2592000"],
    ["more digits than a double holds", "9".repeat(400)],
    ["a date a year ahead", "Fri, 01 Jan 1971 00:00:00 GMT"],
    ["a date in the obsolete form, years ahead", "Friday, 31-Dec-99 23:59:59 GMT"],
  ])("%s: the cap", (_, value) => {
    expect(retryDelayMs(retry(value), 0, policy, () => 0.5)).toBe(policy.capMs);
  });

  it.each(["-1", "soon", "1.5", "Thu, 32 Foo 2025 99:99:99 GMT"])(
    "an unreadable %j leaves the backoff",
    (value) => {
      expect(retryDelayMs(retry(value), 3, policy, () => 0.5)).toBe(4_000);
    },
  );
});

describe("classifyOutcome", () => {
  it("2xx is delivered", () => {
    expect(classifyOutcome(response(200, '{"inlineMessage":"Thanks"}'))).toEqual({
      action: "delivered",
      status: 200,
    });
    expect(classifyOutcome(response(204))).toEqual({ action: "delivered", status: 204 });
  });

  it.each([
    [{ kind: "timeout" } as const, null],
    [{ kind: "network", message: "ECONNREFUSED" } as const, null],
    [response(500), 500],
    [response(502, "<html>Bad gateway</html>"), 502],
    [response(503, "Service Unavailable"), 503],
    [response(408), 408],
    [response(401, '{"status":"error"}'), 401],
    [response(403), 403],
  ])("retries %j without a time limit", (outcome, status) => {
    const decision = classifyOutcome(outcome);
    expect(decision).toMatchObject({ action: "retry", status, rateLimited: false });
  });

  it("429 with HubSpot's plain-text body means slow down and retry", () => {
    const decision = classifyOutcome(
      response(429, "You have reached your secondly limit.", "7"),
      0,
    );
    expect(decision).toEqual({
      action: "retry",
      status: 429,
      reason: "HTTP 429 rate limited",
      rateLimited: true,
      retryAfterMs: 7_000,
    });
  });

  it.each(["INVALID_EMAIL", "BLOCKED_EMAIL", "REQUIRED_FIELD", "FIELD_NOT_IN_FORM_DEFINITION"])(
    "a HubSpot 400 %s is dead with the reason",
    (type) => {
      const decision = classifyOutcome(response(400, hubspot400(type)));
      expect(decision).toEqual({
        action: "dead",
        status: 400,
        reason: `${type}: Error in 'fields.email'. ${type}`,
      });
    },
  );

  it("names every error type of a 400, once each", () => {
    expect(
      hubspotErrorReason(hubspot400("REQUIRED_FIELD", "INVALID_EMAIL", "REQUIRED_FIELD")),
    ).toBe("REQUIRED_FIELD, INVALID_EMAIL: Error in 'fields.email'. REQUIRED_FIELD");
  });

  it("an unknown form (404) is dead", () => {
    const decision = classifyOutcome(
      response(404, JSON.stringify({ status: "error", message: "The form 'x' does not exist." })),
    );
    expect(decision.action).toBe("dead");
    expect(decision.action === "dead" && decision.reason).toMatch(/^HTTP 404: .*does not exist/);
  });

  it("a 400 that is not HubSpot's JSON is still dead, with the status as reason", () => {
    expect(classifyOutcome(response(400, "<html>bad</html>"))).toEqual({
      action: "dead",
      status: 400,
      reason: "HTTP 400",
    });
  });
});
