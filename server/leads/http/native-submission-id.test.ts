import { describe, expect, it } from "vitest";
import {
  NATIVE_ID_PREFIX,
  NATIVE_RESEND_WINDOW_MS,
  type NativePost,
  nativeSubmissionId,
} from "./native-submission-id.ts";

const windowStart = new Date(
  Math.ceil(Date.UTC(2026, 10, 30) / NATIVE_RESEND_WINDOW_MS) * NATIVE_RESEND_WINDOW_MS,
);
const post = (overrides: Partial<NativePost> = {}): NativePost => ({
  formId: "book-demo",
  values: { firstname: "Noor", email: "noor@harbor.example", team_size: "1-5" },
  consent: { "LEGAL_CONSENT.processing": true },
  ip: "203.0.113.7",
  receivedAt: windowStart,
  ...overrides,
});

describe("nativeSubmissionId", () => {
  it("is the same for the same post within one window, whatever the order of its fields", () => {
    const id = nativeSubmissionId(post());
    expect(id.startsWith(NATIVE_ID_PREFIX)).toBe(true);
    expect(
      nativeSubmissionId(
        post({
          values: { team_size: "1-5", email: "noor@harbor.example", firstname: "Noor" },
          receivedAt: new Date(windowStart.getTime() + NATIVE_RESEND_WINDOW_MS - 1),
        }),
      ),
    ).toBe(id);
  });

  it("differs when anything the post says, its sender or its window differs", () => {
    const id = nativeSubmissionId(post());
    const others = [
      post({ formId: "contact-sales" }),
      post({ values: { firstname: "Noor", email: "noor@harbor.example", team_size: "6-25" } }),
      post({ values: { firstname: "Noor", email: "noor@harbor.example" } }),
      post({ consent: { "LEGAL_CONSENT.processing": false } }),
      post({ consent: {} }),
      post({ ip: "203.0.113.8" }),
      post({ ip: null }),
      post({ receivedAt: new Date(windowStart.getTime() + NATIVE_RESEND_WINDOW_MS) }),
      post({ receivedAt: new Date(windowStart.getTime() - 1) }),
    ].map(nativeSubmissionId);
    expect(new Set([id, ...others]).size).toBe(others.length + 1);
  });

  it("keeps a value from running into the next field's name", () => {
    expect(nativeSubmissionId(post({ values: { a: "b", c: "" } }))).not.toBe(
      nativeSubmissionId(post({ values: { a: "bc" } })),
    );
  });
});
