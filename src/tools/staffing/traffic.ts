/**
 * From a month's volume to Erlang C traffic for chat and phone. Volume is spread evenly over
 * the coverage hours of the working days (days per week × 52 / 12 a month), so the result is
 * the staffing of an average open hour; enter a busy month's volume to staff for peaks.
 *
 * Chat: an agent holds several chats at once, so each chat takes 1/concurrency of an agent's
 * attention. Traffic and the handling time in the service-level formula are both divided by
 * the concurrency (each agent acts as one server working that many times faster).
 */
import { SECONDS_PER_HOUR, SECONDS_PER_MINUTE, WEEKS_PER_MONTH } from "./constants.ts";
import type { CalculatorInputs } from "./inputs.ts";

export type QueueChannel = "chat" | "phone";

export interface ChannelTraffic {
  contactsPerHour: number;
  /** Seconds of one agent's attention a contact takes (handling time / concurrency). */
  effectiveHandleSeconds: number;
  /** A, in erlangs: agents' worth of work arriving at once. */
  traffic: number;
  concurrency: number;
}

export function coverageHoursPerMonth(inputs: CalculatorInputs): number {
  return inputs.days_per_week * WEEKS_PER_MONTH * inputs.hours_per_day;
}

export function channelTraffic(inputs: CalculatorInputs, channel: QueueChannel): ChannelTraffic {
  const concurrency = channel === "chat" ? inputs.chat_concurrency : 1;
  const contactsPerHour = inputs[`${channel}_volume`] / coverageHoursPerMonth(inputs);
  const effectiveHandleSeconds = (inputs[`${channel}_aht`] * SECONDS_PER_MINUTE) / concurrency;
  return {
    contactsPerHour,
    effectiveHandleSeconds,
    traffic: (contactsPerHour * effectiveHandleSeconds) / SECONDS_PER_HOUR,
    concurrency,
  };
}
