/**
 * Plain-language explanations of how each number was reached, written for a support leader
 * rather than a statistician. Pure: results in, sentences out; numbers through src/lib/format.
 */
import { formatDecimal, formatPercent, withThousandsSeparators } from "../../lib/index.ts";
import { FULL_TIME_HOURS_PER_WEEK, HOURS_PER_DAY } from "./constants.ts";
import type { CalculatorInputs } from "./inputs.ts";
import type { EmailChannelResult, QueueChannelResult, StaffingResult } from "./staffing.ts";

const NOUNS = { chat: ["chat", "chats"], phone: ["call", "calls"] } as const;

function plural(count: number, one: string, many: string): string {
  return `${withThousandsSeparators(count)} ${count === 1 ? one : many}`;
}

function hours(value: number): string {
  return `${formatDecimal(value, 1)} ${value === 1 ? "hour" : "hours"}`;
}

export function explainEmail(result: EmailChannelResult, inputs: CalculatorInputs): string[] {
  if (!result.offered) return ["You entered no email, so email needs no agents."];
  const coverage = inputs.hours_per_day;
  const sentences = [
    `${plural(inputs.email_volume, "email", "emails")} a month over ${formatDecimal(result.emailsPerDay > 0 ? inputs.email_volume / result.emailsPerDay : 0, 1)} working days is ${formatDecimal(result.emailsPerDay, 0)} a day. At ${formatDecimal(inputs.email_aht, 1)} minutes each, that is ${hours(result.workHoursPerDay)} of work a day.`,
  ];
  if (coverage >= HOURS_PER_DAY) {
    sentences.push(
      `You cover all 24 hours, so no backlog builds up overnight: ${plural(result.agents, "agent", "agents")} keep up with the flow without going over ${formatPercent(inputs.max_occupancy / 100, 0)} occupancy.`,
    );
  } else if (inputs.email_reply_hours >= coverage) {
    sentences.push(
      `Your reply target is at least as long as your ${hours(coverage)} day, so the team only has to get through each day's email within the day: ${plural(result.agents, "agent", "agents")}, busy at most ${formatPercent(inputs.max_occupancy / 100, 0)} of the time.`,
    );
  } else {
    sentences.push(
      `Email that arrives while you are closed waits for the morning: about ${formatDecimal(result.openingBacklog, 0)} emails are waiting when you open. Answering all of them within ${hours(inputs.email_reply_hours)}, while new email keeps arriving, takes ${plural(result.agents, "agent", "agents")} busy at most ${formatPercent(inputs.max_occupancy / 100, 0)} of the time.`,
    );
  }
  sentences.push(
    `Over the whole day they spend ${formatPercent(result.occupancy, 0)} of their shift on email${result.openingBacklog > 0 ? `, and the oldest email of the morning gets its first reply after about ${hours(result.worstReplyHours)}` : ""}.`,
  );
  return sentences;
}

export function explainQueue(result: QueueChannelResult, inputs: CalculatorInputs): string[] {
  const [one, many] = NOUNS[result.channel];
  if (!result.offered) return [`You entered no ${many}, so ${result.channel} needs no agents.`];
  const { solution, target } = result;
  const volume = inputs[`${result.channel}_volume`];
  const aht = inputs[`${result.channel}_aht`];
  const concurrency =
    result.concurrency > 1
      ? `, with ${formatDecimal(result.concurrency, 1)} ${many} at once per agent`
      : "";
  const sentences = [
    `${plural(volume, one, many)} a month is ${formatDecimal(result.contactsPerHour, 1)} ${many} an hour while you are open. At ${formatDecimal(aht, 1)} minutes each${concurrency}, that keeps ${formatDecimal(result.traffic, 2)} agents busy at any moment (${formatDecimal(result.traffic, 2)} erlangs).`,
    `Contacts arrive at random, so some wait even when agents are free on average. The Erlang C queue formula finds that ${plural(solution.agentsForServiceLevel, "agent", "agents")} answer ${formatPercent(target.serviceLevel, 0)} of ${many} within ${withThousandsSeparators(target.answerSeconds)} seconds.`,
  ];
  if (solution.limitedBy === "occupancy") {
    sentences.push(
      `That many would be busy ${formatPercent(result.traffic / solution.agentsForServiceLevel, 0)} of the time, above your ${formatPercent(inputs.max_occupancy / 100, 0)} cap, so the count is raised to ${withThousandsSeparators(solution.agents)}.`,
    );
  }
  const m = solution.metrics;
  sentences.push(
    `With ${plural(solution.agents, "agent", "agents")}, ${formatPercent(m.serviceLevel, 1)} are answered within the target, ${formatPercent(m.waitProbability, 1)} wait at all, the average wait is ${formatDecimal(m.averageSpeedOfAnswer, 1)} seconds and agents are busy ${formatPercent(m.occupancy, 0)} of the time.`,
  );
  return sentences;
}

export function explainTotal(result: StaffingResult): string {
  const parts = [result.email, result.chat, result.phone]
    .map((channel) => withThousandsSeparators(channel.agents))
    .join(" + ");
  const available = 1 - result.shrinkage;
  const agents = withThousandsSeparators(result.agentsOnShift);
  const onShift = `${parts} = ${plural(result.agentsOnShift, "agent", "agents")} on shift during your open hours.`;
  // Open hours beyond one person's week: each seat takes more than one person (a rota).
  const seats = result.agentsOnShift * result.rota;
  const rota =
    result.rota > 1
      ? ` You are open ${formatDecimal(result.coverageHoursPerWeek, 1)} hours a week and one person works ${FULL_TIME_HOURS_PER_WEEK}, so keeping them on shift takes ${agents} × ${formatDecimal(result.coverageHoursPerWeek, 1)} ÷ ${FULL_TIME_HOURS_PER_WEEK} = ${formatDecimal(seats, 1)} people's working weeks.`
      : "";
  const worth = result.rota > 1 ? formatDecimal(seats, 1) : agents;
  if (result.shrinkage === 0) {
    return result.rota > 1
      ? `${onShift}${rota} With no shrinkage, you need ${plural(result.totalStaff, "person", "people")}.`
      : `${onShift} With no shrinkage, that is also the number of people you need.`;
  }
  return `${onShift}${rota} With ${formatPercent(result.shrinkage, 0)} shrinkage (breaks, meetings, training, leave), people are available ${formatPercent(available, 0)} of their paid time, so you need ${worth} ÷ ${formatDecimal(available, 2, 2)} = ${formatDecimal(seats / available, 1)}, rounded up to ${plural(result.totalStaff, "person", "people")}.`;
}
