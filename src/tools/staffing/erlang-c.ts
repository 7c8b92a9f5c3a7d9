/**
 * Erlang C: the queue model for chat and phone. Contacts arrive at random (Poisson) and wait
 * in one queue for the next free agent; handling times are exponential. With A erlangs of
 * traffic (contacts per second × handling time in seconds) and N agents:
 *
 *   C(A, N)          probability a contact has to wait at all
 *   SL(T)          = 1 − C(A, N) · e^(−(N − A) · T / AHT)    share answered within T seconds
 *   ASA            = C(A, N) · AHT / (N − A)                 average speed of answer
 *   occupancy      = A / N
 *
 * C is computed through the Erlang B recursion, B(0) = 1, B(n) = A·B(n−1) / (n + A·B(n−1)),
 * and C = N·B / (N − A·(1 − B)). Every step stays between 0 and 1, so no factorial or power
 * overflows and thousands of agents are as exact as ten.
 */
import { CHART_MAX_POINTS, FLOAT_SLACK, MAX_TRAFFIC_ERLANGS } from "./constants.ts";

/** Erlang B (blocking probability) for A erlangs offered to N servers. */
export function erlangB(traffic: number, agents: number): number {
  let blocking = 1;
  for (let n = 1; n <= agents; n++) blocking = nextErlangB(traffic, blocking, n);
  return blocking;
}

function nextErlangB(traffic: number, previous: number, n: number): number {
  return (traffic * previous) / (n + traffic * previous);
}

function erlangCFromB(traffic: number, agents: number, blocking: number): number {
  // With no more agents than traffic the queue grows without end: everyone waits.
  if (agents <= traffic) return 1;
  return (agents * blocking) / (agents - traffic * (1 - blocking));
}

/** Erlang C: the probability that a contact waits, for A erlangs and N agents. */
export function erlangC(traffic: number, agents: number): number {
  if (traffic <= 0) return 0;
  return erlangCFromB(traffic, agents, erlangB(traffic, agents));
}

export interface QueueTarget {
  /** Share of contacts to answer within `answerSeconds`, 0 < share < 1. */
  serviceLevel: number;
  /** T: the answer-time threshold in seconds (0 means "at once"). */
  answerSeconds: number;
}

export interface QueueMetrics {
  agents: number;
  /** Probability a contact waits at all: C(A, N). */
  waitProbability: number;
  /** Share answered within the target time. */
  serviceLevel: number;
  /** Average speed of answer in seconds, over all contacts (those that do not wait count 0). */
  averageSpeedOfAnswer: number;
  /** A / N. */
  occupancy: number;
}

function metricsFrom(
  traffic: number,
  agents: number,
  blocking: number,
  handleSeconds: number,
  answerSeconds: number,
): QueueMetrics {
  if (traffic <= 0) {
    return {
      agents,
      waitProbability: 0,
      serviceLevel: 1,
      averageSpeedOfAnswer: 0,
      occupancy: 0,
    };
  }
  if (agents <= traffic) {
    return {
      agents,
      waitProbability: 1,
      serviceLevel: 0,
      averageSpeedOfAnswer: Number.POSITIVE_INFINITY,
      occupancy: 1,
    };
  }
  const waitProbability = erlangCFromB(traffic, agents, blocking);
  return {
    agents,
    waitProbability,
    serviceLevel:
      1 - waitProbability * Math.exp((-(agents - traffic) * answerSeconds) / handleSeconds),
    averageSpeedOfAnswer: (waitProbability * handleSeconds) / (agents - traffic),
    occupancy: traffic / agents,
  };
}

/** Queue metrics of N agents facing A erlangs with the given handling time and target time. */
export function queueMetrics(
  traffic: number,
  agents: number,
  handleSeconds: number,
  answerSeconds: number,
): QueueMetrics {
  return metricsFrom(traffic, agents, erlangB(traffic, agents), handleSeconds, answerSeconds);
}

/** Service level of N agents: the share of contacts answered within `answerSeconds`. */
export function serviceLevel(
  traffic: number,
  agents: number,
  handleSeconds: number,
  answerSeconds: number,
): number {
  return queueMetrics(traffic, agents, handleSeconds, answerSeconds).serviceLevel;
}

export interface StaffingSolution {
  /** Agents that meet the service-level target alone. */
  agentsForServiceLevel: number;
  /** Agents after raising the count until occupancy is within the cap. */
  agents: number;
  /** Which rule set the final count. */
  limitedBy: "service-level" | "occupancy";
  metrics: QueueMetrics;
}

/**
 * The fewest agents (at least 1) whose service level meets the target, then raised until
 * occupancy A / N is at most `maxOccupancy`. One pass: B(n) is carried from one n to the next.
 */
export function solveAgents(
  traffic: number,
  handleSeconds: number,
  target: QueueTarget,
  maxOccupancy: number,
): StaffingSolution {
  // Guards against loops that could not end; the inputs' validation rejects these first.
  if (!(traffic >= 0 && traffic <= MAX_TRAFFIC_ERLANGS)) {
    throw new RangeError(`Traffic must be 0 to ${MAX_TRAFFIC_ERLANGS} erlangs, got ${traffic}.`);
  }
  if (!(maxOccupancy > 0 && maxOccupancy <= 1)) {
    throw new RangeError(`Maximum occupancy must be above 0 and at most 1, got ${maxOccupancy}.`);
  }
  if (!(target.serviceLevel > 0 && target.serviceLevel < 1) || !(target.answerSeconds >= 0)) {
    throw new RangeError("The service-level target must be above 0 % and below 100 %.");
  }
  if (!(handleSeconds > 0)) throw new RangeError("Handling time must be above 0 seconds.");
  let blocking = 1;
  let agents = 0;
  let metrics: QueueMetrics;
  for (;;) {
    agents += 1;
    blocking = nextErlangB(traffic, blocking, agents);
    if (agents <= traffic) continue;
    metrics = metricsFrom(traffic, agents, blocking, handleSeconds, target.answerSeconds);
    if (metrics.serviceLevel >= target.serviceLevel - FLOAT_SLACK) break;
  }
  const agentsForServiceLevel = agents;
  while (traffic / agents > maxOccupancy + FLOAT_SLACK) {
    agents += 1;
    blocking = nextErlangB(traffic, blocking, agents);
  }
  if (agents !== agentsForServiceLevel) {
    metrics = metricsFrom(traffic, agents, blocking, handleSeconds, target.answerSeconds);
  }
  return {
    agentsForServiceLevel,
    agents,
    limitedBy: agents === agentsForServiceLevel ? "service-level" : "occupancy",
    metrics,
  };
}

export interface CurvePoint {
  agents: number;
  serviceLevel: number;
}

/**
 * Service level against agent count for the chart: from the first stable count (just above
 * the traffic) to a few past the answer, at most CHART_MAX_POINTS evenly spaced counts that
 * always include `required`.
 */
export function serviceLevelCurve(
  traffic: number,
  handleSeconds: number,
  answerSeconds: number,
  required: number,
): CurvePoint[] {
  const first = Math.max(1, Math.floor(traffic) + 1);
  const last = Math.max(first + 3, required + Math.max(2, Math.ceil((required - first) / 2)));
  const step = Math.max(1, Math.ceil((last - first + 1) / CHART_MAX_POINTS));
  const wanted = new Set<number>([required]);
  for (let n = first; n <= last; n += step) wanted.add(n);
  const points: CurvePoint[] = [];
  let blocking = 1;
  for (let n = 1; n <= last; n++) {
    blocking = nextErlangB(traffic, blocking, n);
    if (wanted.has(n)) {
      const metrics = metricsFrom(traffic, n, blocking, handleSeconds, answerSeconds);
      points.push({ agents: n, serviceLevel: metrics.serviceLevel });
    }
  }
  return points;
}
