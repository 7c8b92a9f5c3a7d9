import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EmailInputs, emailStaffing } from "./email-model.ts";

// 6 days a week is 26 working days a month, so 2,600 emails a month is 100 a day; at 6
// minutes each that is 10 hours of work a day.
const BASE: EmailInputs = {
  monthlyVolume: 2600,
  handleMinutes: 6,
  replyHours: 8,
  coverageHoursPerDay: 8,
  daysPerWeek: 6,
  maxOccupancy: 0.8,
};

describe("emailStaffing", () => {
  it("with a reply target as long as the day, staffs the daily workload", () => {
    const result = emailStaffing(BASE);
    expect(result.emailsPerDay).toBeCloseTo(100, 10);
    expect(result.workHoursPerDay).toBeCloseTo(10, 10);
    // 10 hours / (8 hours × 0.8) = 1.56 → 2 agents.
    expect(result.agents).toBe(2);
    expect(result.occupancy).toBeCloseTo(10 / 16, 10);
    expect(result.clearWindowHours).toBe(8);
  });

  it("a reply target longer than the day adds nothing", () => {
    expect(emailStaffing({ ...BASE, replyHours: 48 }).agents).toBe(2);
  });

  it("a tight reply target must clear the overnight backlog in time", () => {
    const result = emailStaffing({ ...BASE, replyHours: 2 });
    // 100 × (24 − 8 + 2) / 24 = 75 emails × 0.1 h = 7.5 h, within 2 h at 80 % → 4.69 → 5.
    expect(result.agents).toBe(5);
    expect(result.openingBacklog).toBeCloseTo(100 * (16 / 24), 10);
    // Backlog 66.7 / (answer 40/h − arrival 4.17/h) = 1.86 coverage hours.
    expect(result.worstReplyHours).toBeCloseTo(1.86, 2);
    expect(result.worstReplyHours).toBeLessThanOrEqual(2);
  });

  it("24-hour coverage builds no backlog, so the target adds no agents", () => {
    const open = { ...BASE, coverageHoursPerDay: 24 };
    expect(emailStaffing({ ...open, replyHours: 1 }).agents).toBe(1);
    expect(emailStaffing({ ...open, replyHours: 24 }).agents).toBe(1);
    expect(emailStaffing({ ...open, replyHours: 1 }).worstReplyHours).toBe(0);
  });

  it("no email needs no agents and shows no NaN", () => {
    const result = emailStaffing({ ...BASE, monthlyVolume: 0 });
    expect(result.agents).toBe(0);
    expect(result.occupancy).toBe(0);
    expect(Object.values(result).every(Number.isFinite)).toBe(true);
  });

  const inputs = fc.record({
    monthlyVolume: fc.integer({ min: 1, max: 1_000_000 }),
    handleMinutes: fc.double({ min: 0.5, max: 120, noNaN: true }),
    replyHours: fc.double({ min: 0.1, max: 72, noNaN: true }),
    coverageHoursPerDay: fc.double({ min: 0.5, max: 24, noNaN: true }),
    daysPerWeek: fc.integer({ min: 1, max: 7 }),
    maxOccupancy: fc.double({ min: 0.1, max: 0.99, noNaN: true }),
  });

  it("more email or a tighter target never needs fewer agents; a reply fits the window", () => {
    fc.assert(
      fc.property(inputs, fc.double({ min: 0, max: 1, noNaN: true }), (email, share) => {
        const result = emailStaffing(email);
        expect(Number.isInteger(result.agents)).toBe(true);
        expect(result.agents).toBeGreaterThanOrEqual(1);
        expect(result.worstReplyHours).toBeLessThanOrEqual(result.clearWindowHours + 1e-9);
        const more = emailStaffing({ ...email, monthlyVolume: email.monthlyVolume * 2 });
        expect(more.agents).toBeGreaterThanOrEqual(result.agents);
        const tighter = emailStaffing({
          ...email,
          replyHours: Math.max(0.05, email.replyHours * share),
        });
        expect(tighter.agents).toBeGreaterThanOrEqual(result.agents);
      }),
    );
  });
});
