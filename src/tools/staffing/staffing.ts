/**
 * The whole calculation: email by workload, chat and phone by Erlang C, then the agents on
 * shift taken over the open hours of a week (a rota of 40-hour weeks) and grossed up for
 * shrinkage. Inputs are validated numbers (validate.ts); a channel with
 * no volume needs no agents.
 */
import { FLOAT_SLACK, FULL_TIME_HOURS_PER_WEEK } from "./constants.ts";
import {
  type EmailResult,
  emailInputsOf,
  emailStaffing,
  workingDaysPerMonth,
} from "./email-model.ts";
import {
  type CurvePoint,
  type StaffingSolution,
  serviceLevelCurve,
  solveAgents,
} from "./erlang-c.ts";
import type { CalculatorInputs } from "./inputs.ts";
import { type ChannelTraffic, channelTraffic, type QueueChannel } from "./traffic.ts";

export interface QueueChannelResult extends ChannelTraffic {
  channel: QueueChannel;
  /** False when the volume is 0: the channel is not offered and needs no one. */
  offered: boolean;
  agents: number;
  target: { serviceLevel: number; answerSeconds: number };
  solution: StaffingSolution;
  /** Service level against agent count, for the chart and its table. */
  curve: CurvePoint[];
}

export interface EmailChannelResult extends EmailResult {
  channel: "email";
  offered: boolean;
}

export interface StaffingResult {
  email: EmailChannelResult;
  chat: QueueChannelResult;
  phone: QueueChannelResult;
  /** Agents needed on shift at once across the three channels. */
  agentsOnShift: number;
  /**
   * People to employ: agents on shift × rota, grossed up for shrinkage,
   * ceil(on shift × rota / (1 − shrinkage)).
   */
  totalStaff: number;
  /** Open hours a week (hours a day × days a week). */
  coverageHoursPerWeek: number;
  /**
   * People's worth of working weeks one seat on shift takes: open hours a week over
   * FULL_TIME_HOURS_PER_WEEK, at least 1 (a shorter week still needs each agent in person).
   */
  rota: number;
  shrinkage: number;
  maxOccupancy: number;
  workingDaysPerMonth: number;
  coverageHoursPerDay: number;
}

/**
 * People to employ so that `agents` are on shift throughout the open hours: agents × rota /
 * (1 − shrinkage), rounded up.
 */
export function staffAfterShrinkage(agents: number, shrinkage: number, rota = 1): number {
  if (agents <= 0) return 0;
  return Math.ceil((agents * rota) / (1 - shrinkage) - FLOAT_SLACK);
}

/** Working weeks one seat takes over the open hours (StaffingResult.rota). */
export function rotaFor(coverageHoursPerWeek: number): number {
  return Math.max(1, coverageHoursPerWeek / FULL_TIME_HOURS_PER_WEEK);
}

function queueChannel(
  inputs: CalculatorInputs,
  channel: QueueChannel,
  maxOccupancy: number,
): QueueChannelResult {
  const traffic = channelTraffic(inputs, channel);
  const target = {
    serviceLevel: inputs[`${channel}_sl`] / 100,
    answerSeconds: inputs[`${channel}_answer_seconds`],
  };
  const solution = solveAgents(
    traffic.traffic,
    traffic.effectiveHandleSeconds,
    target,
    maxOccupancy,
  );
  const offered = inputs[`${channel}_volume`] > 0;
  return {
    ...traffic,
    channel,
    offered,
    agents: offered ? solution.agents : 0,
    target,
    solution,
    curve: offered
      ? serviceLevelCurve(
          traffic.traffic,
          traffic.effectiveHandleSeconds,
          target.answerSeconds,
          solution.agents,
        )
      : [],
  };
}

export function calculateStaffing(inputs: CalculatorInputs): StaffingResult {
  const maxOccupancy = inputs.max_occupancy / 100;
  const shrinkage = inputs.shrinkage / 100;
  const email: EmailChannelResult = {
    channel: "email",
    offered: inputs.email_volume > 0,
    ...emailStaffing(emailInputsOf(inputs)),
  };
  const chat = queueChannel(inputs, "chat", maxOccupancy);
  const phone = queueChannel(inputs, "phone", maxOccupancy);
  const agentsOnShift = email.agents + chat.agents + phone.agents;
  const coverageHoursPerWeek = inputs.hours_per_day * inputs.days_per_week;
  const rota = rotaFor(coverageHoursPerWeek);
  return {
    email,
    chat,
    phone,
    agentsOnShift,
    totalStaff: staffAfterShrinkage(agentsOnShift, shrinkage, rota),
    coverageHoursPerWeek,
    rota,
    shrinkage,
    maxOccupancy,
    workingDaysPerMonth: workingDaysPerMonth(inputs.days_per_week),
    coverageHoursPerDay: inputs.hours_per_day,
  };
}
