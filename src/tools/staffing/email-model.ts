/**
 * Email is not a queue people wait on the line for, so it is staffed as a workload against a
 * reply-time target rather than with Erlang C.
 *
 * Assumptions (also in docs/staffing-calculator.md):
 * - The month's email is spread over the working days (days per week × 52 / 12 a month).
 * - Within a day, email arrives evenly around the clock (24 hours), but the team answers only
 *   during its coverage hours H. What arrives while the team is away waits for the morning.
 * - The reply target R counts coverage hours ("first reply within 4 business hours"); a
 *   target longer than the coverage day is capped at H.
 * - Agents spend at most the occupancy cap of their time on email.
 *
 * The hardest moment of the day is the opening: the overnight backlog, emails × (24 − H) / 24,
 * must all be answered within the first W = min(R, H) hours, together with what arrives in
 * those W hours, emails × W / 24. So
 *
 *   emails per day      E = monthly volume / (days per week × 52 / 12)
 *   to clear by W       Q = E × (24 − H + W) / 24
 *   agents              N = ceil(Q × handling hours / (W × occupancy cap))
 *
 * With R ≥ H this is the plain daily workload, E × handling hours / (H × occupancy cap):
 * the team only has to keep up. A tighter target raises N, and with 24-hour coverage no
 * backlog forms, so the target no longer adds agents.
 *
 * The oldest email at opening then waits backlog / (answer rate − arrival rate) coverage
 * hours, which is at most W by construction.
 */
import {
  FLOAT_SLACK,
  HOURS_PER_DAY,
  SECONDS_PER_HOUR,
  SECONDS_PER_MINUTE,
  WEEKS_PER_MONTH,
} from "./constants.ts";
import type { CalculatorInputs } from "./inputs.ts";

export interface EmailInputs {
  monthlyVolume: number;
  handleMinutes: number;
  /** First reply within this many coverage hours. */
  replyHours: number;
  coverageHoursPerDay: number;
  daysPerWeek: number;
  /** 0 < cap ≤ 1. */
  maxOccupancy: number;
}

export interface EmailResult {
  agents: number;
  emailsPerDay: number;
  /** Hours of handling work a working day brings. */
  workHoursPerDay: number;
  /** Emails waiting when the team starts its day. */
  openingBacklog: number;
  /** The window the backlog must be cleared in: min(reply target, coverage hours). */
  clearWindowHours: number;
  /** Coverage hours until the last email of the opening backlog gets its first reply. */
  worstReplyHours: number;
  /** Share of the agents' coverage hours spent handling email. */
  occupancy: number;
}

/** The email model's inputs from the calculator's fields. */
export function emailInputsOf(inputs: CalculatorInputs): EmailInputs {
  return {
    monthlyVolume: inputs.email_volume,
    handleMinutes: inputs.email_aht,
    replyHours: inputs.email_reply_hours,
    coverageHoursPerDay: inputs.hours_per_day,
    daysPerWeek: inputs.days_per_week,
    maxOccupancy: inputs.max_occupancy / 100,
  };
}

export function workingDaysPerMonth(daysPerWeek: number): number {
  return daysPerWeek * WEEKS_PER_MONTH;
}

export function emailStaffing(inputs: EmailInputs): EmailResult {
  const hours = inputs.coverageHoursPerDay;
  const emailsPerDay = inputs.monthlyVolume / workingDaysPerMonth(inputs.daysPerWeek);
  const handleHours = (inputs.handleMinutes * SECONDS_PER_MINUTE) / SECONDS_PER_HOUR;
  const workHoursPerDay = emailsPerDay * handleHours;
  const window = Math.min(inputs.replyHours, hours);
  const openingBacklog = (emailsPerDay * (HOURS_PER_DAY - hours)) / HOURS_PER_DAY;
  const toClear = (emailsPerDay * (HOURS_PER_DAY - hours + window)) / HOURS_PER_DAY;
  const exact = (toClear * handleHours) / (window * inputs.maxOccupancy);
  const agents = inputs.monthlyVolume > 0 ? Math.max(1, Math.ceil(exact - FLOAT_SLACK)) : 0;

  const answerRate = agents > 0 ? (agents * inputs.maxOccupancy) / handleHours : 0;
  const arrivalRate = emailsPerDay / HOURS_PER_DAY;
  const worstReplyHours =
    openingBacklog > 0 && answerRate > arrivalRate
      ? openingBacklog / (answerRate - arrivalRate)
      : 0;
  return {
    agents,
    emailsPerDay,
    workHoursPerDay,
    openingBacklog,
    clearWindowHours: window,
    worstReplyHours,
    occupancy: agents > 0 ? workHoursPerDay / (agents * hours) : 0,
  };
}
