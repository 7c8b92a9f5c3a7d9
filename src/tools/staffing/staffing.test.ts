import { describe, expect, it } from "vitest";
import { explainEmail, explainQueue, explainTotal } from "./explain.ts";
import { type CalculatorInputs, DEFAULT_INPUTS } from "./inputs.ts";
import { calculateStaffing, rotaFor, staffAfterShrinkage } from "./staffing.ts";

// The Call Centre Helper case through the whole calculator: 3 days a week of 4 hours is
// 52 open hours a month, so 10,400 calls a month is 200 an hour (100 per 30 minutes).
const CLASSIC: CalculatorInputs = {
  ...DEFAULT_INPUTS,
  email_volume: 0,
  chat_volume: 0,
  phone_volume: 10_400,
  phone_aht: 3,
  phone_sl: 80,
  phone_answer_seconds: 20,
  hours_per_day: 4,
  days_per_week: 3,
  shrinkage: 30,
  max_occupancy: 85,
};

describe("calculateStaffing", () => {
  it("reproduces the classic case: 10 erlangs, 14 agents, 20 staff", () => {
    const result = calculateStaffing(CLASSIC);
    expect(result.phone.contactsPerHour).toBeCloseTo(200, 10);
    expect(result.phone.traffic).toBeCloseTo(10, 10);
    expect(result.phone.agents).toBe(14);
    expect(result.email.agents).toBe(0);
    expect(result.chat.agents).toBe(0);
    expect(result.agentsOnShift).toBe(14);
    expect(result.totalStaff).toBe(20);
  });

  it("divides chat workload by concurrency", () => {
    const asChat: CalculatorInputs = {
      ...CLASSIC,
      phone_volume: 0,
      chat_volume: 20_800,
      chat_aht: 3,
      chat_sl: 80,
      chat_answer_seconds: 20,
      chat_concurrency: 2,
    };
    const result = calculateStaffing(asChat);
    expect(result.chat.traffic).toBeCloseTo(10, 10);
    expect(result.chat.effectiveHandleSeconds).toBe(90);
  });

  it("sizes the defaults and adds the channels up", () => {
    const result = calculateStaffing(DEFAULT_INPUTS);
    expect(result.email.agents).toBe(9);
    expect(result.chat.agents).toBe(3);
    expect(result.phone.agents).toBe(3);
    expect(result.agentsOnShift).toBe(15);
    // Open 10 hours × 5 days = 50 hours, one person works 40: 15 × 1.25 ÷ 0.7 = 26.8.
    expect(result.coverageHoursPerWeek).toBe(50);
    expect(result.rota).toBe(1.25);
    expect(result.totalStaff).toBe(27);
  });

  it("takes open hours beyond one person's week as a rota, and never fewer people than seats", () => {
    expect(rotaFor(168)).toBe(4.2);
    expect(rotaFor(40)).toBe(1);
    // Open 12 hours a week, the classic case still needs each of its 14 agents in person.
    expect(rotaFor(12)).toBe(1);
    expect(staffAfterShrinkage(14, 0.3, rotaFor(12))).toBe(20);
    // Around the clock, 6 agents on shift: 6 × 4.2 = 25.2 people's weeks, ÷ 0.7 = 36.
    expect(staffAfterShrinkage(6, 0.3, rotaFor(168))).toBe(36);
    const allWeek = calculateStaffing({ ...DEFAULT_INPUTS, hours_per_day: 24, days_per_week: 7 });
    expect(allWeek.totalStaff).toBe(staffAfterShrinkage(allWeek.agentsOnShift, 0.3, rotaFor(168)));
  });

  it("staff after shrinkage rounds up without float surprises", () => {
    expect(staffAfterShrinkage(14, 0.3)).toBe(20);
    expect(staffAfterShrinkage(15, 0.3)).toBe(22);
    expect(staffAfterShrinkage(7, 0)).toBe(7);
    expect(staffAfterShrinkage(0, 0.3)).toBe(0);
  });
});

describe("explanations", () => {
  it("say in words how the classic number was reached", () => {
    const result = calculateStaffing(CLASSIC);
    const phone = explainQueue(result.phone, CLASSIC).join(" ");
    expect(phone).toContain("10,400 calls a month is 200 calls an hour");
    expect(phone).toContain("(10 erlangs)");
    expect(phone).toContain("14 agents answer 80\u00a0% of calls within 20 seconds");
    expect(phone).toContain("17.4\u00a0% wait at all, the average wait is 7.8 seconds");
    expect(explainTotal(result)).toBe(
      "0 + 0 + 14 = 14 agents on shift during your open hours. With 30\u00a0% shrinkage (breaks, meetings, training, leave), people are available 70\u00a0% of their paid time, so you need 14 ÷ 0.70 = 20, rounded up to 20 people.",
    );
    expect(explainEmail(result.email, CLASSIC)).toEqual([
      "You entered no email, so email needs no agents.",
    ]);
  });

  it("explain a rota when the open hours outgrow one person's week", () => {
    const result = calculateStaffing(DEFAULT_INPUTS);
    expect(explainTotal(result)).toBe(
      "9 + 3 + 3 = 15 agents on shift during your open hours. You are open 50 hours a week and one person works 40, so keeping them on shift takes 15 × 50 ÷ 40 = 18.8 people's working weeks. With 30\u00a0% shrinkage (breaks, meetings, training, leave), people are available 70\u00a0% of their paid time, so you need 18.8 ÷ 0.70 = 26.8, rounded up to 27 people.",
    );
  });

  it("mention the occupancy cap when it sets the count", () => {
    const inputs = { ...CLASSIC, phone_volume: 1_040_000, max_occupancy: 85 };
    const text = explainQueue(calculateStaffing(inputs).phone, inputs).join(" ");
    expect(text).toMatch(/above your 85\u00a0% cap, so the count is raised to 1,177/);
  });

  it("never contain NaN or Infinity", () => {
    const result = calculateStaffing(DEFAULT_INPUTS);
    const all = [
      ...explainEmail(result.email, DEFAULT_INPUTS),
      ...explainQueue(result.chat, DEFAULT_INPUTS),
      ...explainQueue(result.phone, DEFAULT_INPUTS),
      explainTotal(result),
    ].join(" ");
    expect(all).not.toMatch(/NaN|Infinity/);
  });
});
