import { describe, expect, it } from "vitest";
import { DEFAULT_INPUTS, toRawInputs } from "./inputs.ts";
import { validateField, validateInputs } from "./validate.ts";

function message(key: Parameters<typeof validateField>[0], raw: string): string {
  const result = validateField(key, raw);
  if (result.ok) throw new Error(`${key}=${raw} was accepted`);
  return result.message;
}

describe("validateField", () => {
  it("reads numbers with thousands separators, spaces and a percent sign", () => {
    expect(validateField("email_volume", "12,000")).toEqual({ ok: true, value: 12000 });
    expect(validateField("phone_sl", " 80 %")).toEqual({ ok: true, value: 80 });
    expect(validateField("phone_aht", "3.5")).toEqual({ ok: true, value: 3.5 });
    expect(validateField("chat_volume", "0")).toEqual({ ok: true, value: 0 });
  });

  it("takes a comma only between groups of three digits, never as a decimal point", () => {
    expect(validateField("email_volume", "1,200,000")).toEqual({ ok: true, value: 1_200_000 });
    expect(validateField("email_reply_hours", "1,00.5").ok).toBe(false);
    expect(validateField("chat_volume", "1,200.0")).toEqual({ ok: true, value: 1200 });
    // Read as 75, 12345 and 125 before: a result for figures the visitor never entered.
    expect(message("phone_aht", "7,5")).toBe("Use a dot for decimals, like 7.5.");
    expect(message("phone_aht", "1.234,5")).toBe("Use a dot for decimals, like 7.5.");
    expect(message("phone_answer_seconds", "12,5")).toBe("Use a dot for decimals, like 7.5.");
    expect(message("email_volume", "1,20")).toBe("Enter a whole number, like 1,200.");
  });

  it("asks for a value when the field is empty", () => {
    expect(message("email_volume", "  ")).toBe("Enter a value for “Emails a month”.");
  });

  it("rejects text that is not a number, so nothing becomes NaN", () => {
    expect(message("phone_volume", "abc")).toBe("Enter a number, like 1,200.");
    expect(message("phone_volume", "1.2.3")).toBe("Enter a number, like 1,200.");
    expect(message("phone_volume", "NaN")).toBe("Enter a number, like 1,200.");
    expect(message("phone_volume", "Infinity")).toBe("Enter a number, like 1,200.");
  });

  it("rejects negative numbers", () => {
    expect(message("chat_volume", "-5")).toBe("“Chats a month” can't be negative.");
    expect(message("shrinkage", "-1")).toBe("“Shrinkage” can't be negative.");
  });

  it("asks for whole numbers where a fraction makes no sense", () => {
    expect(message("days_per_week", "4.5")).toBe("Enter a whole number, like 5.");
    expect(message("email_volume", "10.5")).toBe("Enter a whole number, like 1,200.");
  });

  it("rejects 0-hour days and days longer than 24 hours", () => {
    expect(message("hours_per_day", "0")).toMatch(/more than 0 and at most 24 hours/);
    expect(message("hours_per_day", "25")).toMatch(/more than 0 and at most 24 hours/);
    expect(validateField("hours_per_day", "24")).toEqual({ ok: true, value: 24 });
  });

  it("rejects impossible targets", () => {
    expect(message("phone_sl", "100")).toMatch(/100 % can't be promised/);
    expect(message("chat_sl", "0")).toMatch(/from 1 to 99 %/);
    expect(message("email_reply_hours", "0")).toMatch(/instant reply/);
    expect(message("max_occupancy", "100")).toMatch(/never empties/);
    expect(message("shrinkage", "100")).toMatch(/nobody is ever available/);
    expect(message("email_aht", "0")).toMatch(/above 0/);
    expect(message("chat_concurrency", "0.5")).toMatch(/from 1 to 10/);
    // 80 % within 0 seconds is hard but possible: it means 80 % never wait.
    expect(validateField("phone_answer_seconds", "0")).toEqual({ ok: true, value: 0 });
  });
});

describe("validateInputs", () => {
  it("accepts the defaults as the form shows them", () => {
    expect(validateInputs(toRawInputs(DEFAULT_INPUTS))).toEqual({
      ok: true,
      inputs: DEFAULT_INPUTS,
    });
  });

  it("reports every bad field at once, keyed by field", () => {
    const raw = { ...toRawInputs(DEFAULT_INPUTS), hours_per_day: "0", phone_volume: "x" };
    const result = validateInputs(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["hours_per_day", "phone_volume"]);
  });

  it("rejects a workload beyond what one team can be sized for", () => {
    const raw = {
      ...toRawInputs(DEFAULT_INPUTS),
      phone_volume: "10,000,000",
      phone_aht: "600",
      hours_per_day: "1",
      days_per_week: "1",
    };
    const result = validateInputs(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.phone_volume).toMatch(/more than 200,000 agents/);
  });

  it("rejects an email reply target so short that no number of agents meets it", () => {
    for (const email_reply_hours of ["1e-320", "0.000001"]) {
      const result = validateInputs({ ...toRawInputs(DEFAULT_INPUTS), email_reply_hours });
      expect(result.ok, email_reply_hours).toBe(false);
      if (result.ok) return;
      expect(result.errors.email_reply_hours).toMatch(/more than 200,000 agents/);
    }
    const ordinary = validateInputs({ ...toRawInputs(DEFAULT_INPUTS), email_reply_hours: "0.5" });
    expect(ordinary.ok).toBe(true);
  });
});
