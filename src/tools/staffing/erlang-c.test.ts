/**
 * Erlang C against published worked examples and tables. Agent counts are exact; service
 * level, wait probability and average speed of answer are compared to 3 significant figures.
 *
 * Sources:
 * 1. Call Centre Helper, "Erlang C Formula – Made Simple With an Easy Worked Example"
 *    (callcentrehelper.com/erlang-c-formula-example-121281.htm): 100 calls in 30 minutes,
 *    AHT 180 s, 80 % within 20 s → 10 erlangs, 14 agents, wait probability 17.4 %, service
 *    level 88.8 %, ASA 7.8 s, occupancy 71.4 %; 14 agents with 30 % shrinkage → 20 staff.
 *    The same case and figures (0.1741319, 0.88835, 7.83594 s, 0.7142857) are printed in the
 *    README of the CRAN package ErlangC 0.1.0 (cran.r-project.org/package=ErlangC).
 * 2. The same CRAN ErlangC README, its `process` table for that case: 11 agents give wait
 *    probability 0.6821182 and service level 0.3896138.
 * 3. Víctor Rodrigo, Erlang C calculator manual (personal.telefonica.terra.es/web/vr/erlang/
 *    eng/mcerlc.htm): 600 calls an hour of 120 s = 20 erlangs; a 15 % delay-probability target
 *    needs 26 circuits (agents) with an average delay of about 3 s per call; 30 circuits cut
 *    the delay probability to 2.5 %.
 * 4. Wolfram Language documentation, ErlangC (reference.wolfram.com/language/ref/ErlangC.html),
 *    basic example ErlangC[3, 2] = 4/9.
 * 5. The same page, application 1: 30 calls an hour, 5-minute mean service (2.5 erlangs), a
 *    90 % chance that a call is not delayed → minimum 6 employees.
 * 6. The same page, application 2: two 1 Mbps lines, 150 packets/s of 10 kbit mean (1.5
 *    erlangs) → probability a packet waits 9/14 ≈ 0.643.
 * 7. The textbook M/M/m exercise quoted on Mathematics Stack Exchange ("Queuing theory: how to
 *    calculate the probability of a customer joining a queue via Erlang C curve"): 120
 *    customers an hour, 3-minute service, 10 assistants (6 erlangs) → "the probability of
 *    waiting is about 0.10" read off the Erlang C curve; the formula gives 0.101.
 * 8. The standard Erlang B (lost calls cleared) table, as printed in telephone-traffic texts
 *    such as R. L. Freeman, Telecommunication System Engineering: at 1 % blocking, 5 lines carry
 *    1.36 erlangs, 10 lines 4.46 erlangs, 20 lines 12.0 erlangs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  erlangB,
  erlangC,
  queueMetrics,
  serviceLevel,
  serviceLevelCurve,
  solveAgents,
} from "./erlang-c.ts";
import { staffAfterShrinkage } from "./staffing.ts";

/** Rounds to 3 significant figures, so values compare as a published table prints them. */
function sig3(value: number): number {
  return Number(value.toPrecision(3));
}

/** The smallest N whose wait probability is at most `maxWait` (source 3 and 5 targets). */
function agentsForWaitProbability(traffic: number, maxWait: number): number {
  let agents = Math.floor(traffic) + 1;
  while (erlangC(traffic, agents) > maxWait) agents += 1;
  return agents;
}

describe("published worked examples", () => {
  it("1. Call Centre Helper: 10 erlangs, 80/20, occupancy cap 85 % → 14 agents, 20 staff", () => {
    const traffic = (100 * 180) / 1800;
    expect(traffic).toBe(10);
    const solution = solveAgents(traffic, 180, { serviceLevel: 0.8, answerSeconds: 20 }, 0.85);
    expect(solution.agents).toBe(14);
    expect(solution.limitedBy).toBe("service-level");
    expect(sig3(solution.metrics.serviceLevel)).toBe(0.888);
    expect(sig3(solution.metrics.waitProbability)).toBe(0.174);
    expect(sig3(solution.metrics.averageSpeedOfAnswer)).toBe(7.84);
    expect(Number(solution.metrics.averageSpeedOfAnswer.toFixed(1))).toBe(7.8);
    expect(sig3(solution.metrics.occupancy)).toBe(0.714);
    expect(staffAfterShrinkage(solution.agents, 0.3)).toBe(20);
  });

  it("1b. 13 agents fall short of 80/20 in the same case (so 14 is the smallest)", () => {
    expect(serviceLevel(10, 13, 180, 20)).toBeLessThan(0.8);
  });

  it("2. CRAN ErlangC process table: 11 agents at 10 erlangs", () => {
    const metrics = queueMetrics(10, 11, 180, 20);
    expect(sig3(metrics.waitProbability)).toBe(0.682);
    expect(sig3(metrics.serviceLevel)).toBe(0.39);
  });

  it("3. Víctor Rodrigo's calculator: 20 erlangs, 15 % delay → 26 agents; 30 agents → 2.5 %", () => {
    const traffic = (600 * 120) / 3600;
    expect(agentsForWaitProbability(traffic, 0.15)).toBe(26);
    const at26 = queueMetrics(traffic, 26, 120, 0);
    expect(Math.round(at26.averageSpeedOfAnswer)).toBe(3);
    expect(sig3(at26.averageSpeedOfAnswer)).toBe(2.87);
    expect(sig3(erlangC(traffic, 30))).toBe(0.025);
  });

  it("4. Wolfram ErlangC[3, 2] = 4/9", () => {
    expect(erlangC(2, 3)).toBeCloseTo(4 / 9, 12);
  });

  it("5. Wolfram application: 2.5 erlangs, 90 % not delayed → 6 employees", () => {
    const traffic = (30 / 60) * 5;
    expect(agentsForWaitProbability(traffic, 0.1)).toBe(6);
    expect(erlangC(traffic, 5)).toBeGreaterThan(0.1);
  });

  it("6. Wolfram application: two lines at 1.5 erlangs → 9/14 wait", () => {
    const traffic = 150 * (10_000 / 1_000_000);
    expect(erlangC(traffic, 2)).toBeCloseTo(9 / 14, 12);
    expect(sig3(erlangC(traffic, 2))).toBe(0.643);
  });

  it("7. Textbook exercise: 6 erlangs, 10 servers → wait probability about 0.10", () => {
    expect(sig3(erlangC(6, 10))).toBe(0.101);
  });

  it("8. Erlang B table: 1 % blocking at 5, 10 and 20 lines", () => {
    // A table entry is the most traffic (to its printed digits) blocked at most 1 %.
    for (const [lines, traffic, nextStep] of [
      [5, 1.36, 0.01],
      [10, 4.46, 0.01],
      [20, 12.0, 0.1],
    ] as const) {
      expect(erlangB(traffic, lines)).toBeLessThanOrEqual(0.01);
      expect(erlangB(traffic + nextStep, lines)).toBeGreaterThan(0.01);
    }
  });
});

describe("large teams", () => {
  it("sizes a queue of more than 1,000 agents without overflow", () => {
    // 20,000 calls an hour of 180 s = 1,000 erlangs.
    const solution = solveAgents(1000, 180, { serviceLevel: 0.8, answerSeconds: 20 }, 0.99);
    expect(solution.agents).toBe(1011);
    expect(solution.agents).toBeGreaterThan(1000);
    expect(serviceLevel(1000, 1010, 180, 20)).toBeLessThan(0.8);
    expect(Number.isFinite(solution.metrics.waitProbability)).toBe(true);
    expect(sig3(solution.metrics.serviceLevel)).toBe(0.814);
  });

  it("stays finite and between 0 and 1 at 50,000 erlangs", () => {
    const c = erlangC(50_000, 50_200);
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThan(1);
  });

  it("raises the count to respect the occupancy cap", () => {
    // 1,000 erlangs need 1,011 agents for 80/20, but an 85 % cap needs 1,177.
    const solution = solveAgents(1000, 180, { serviceLevel: 0.8, answerSeconds: 20 }, 0.85);
    expect(solution.agentsForServiceLevel).toBe(1011);
    expect(solution.agents).toBe(1177);
    expect(solution.limitedBy).toBe("occupancy");
    expect(solution.metrics.occupancy).toBeLessThanOrEqual(0.85);
  });

  it("treats an occupancy exactly at the cap as within it", () => {
    // 8.5 erlangs / 10 agents is exactly 85 %.
    const solution = solveAgents(8.5, 60, { serviceLevel: 0.01, answerSeconds: 0 }, 0.85);
    expect(solution.agents).toBe(10);
  });
});

describe("edges", () => {
  it("no traffic needs one agent and nobody waits", () => {
    const solution = solveAgents(0, 180, { serviceLevel: 0.8, answerSeconds: 20 }, 0.85);
    expect(solution.agents).toBe(1);
    expect(solution.metrics.waitProbability).toBe(0);
  });

  it("too few agents for the traffic means everyone waits", () => {
    expect(erlangC(10, 10)).toBe(1);
    expect(queueMetrics(10, 9, 180, 20).serviceLevel).toBe(0);
  });

  it("refuses targets that could never be met instead of looping", () => {
    expect(() => solveAgents(5, 180, { serviceLevel: 1, answerSeconds: 0 }, 0.85)).toThrow(
      RangeError,
    );
    expect(() => solveAgents(5, 180, { serviceLevel: 0.8, answerSeconds: 20 }, 0)).toThrow(
      RangeError,
    );
    expect(() =>
      solveAgents(Number.NaN, 180, { serviceLevel: 0.8, answerSeconds: 20 }, 0.8),
    ).toThrow(RangeError);
  });

  it("the chart curve includes the answer and rises", () => {
    const curve = serviceLevelCurve(10, 180, 20, 14);
    expect(curve.map((point) => point.agents)).toContain(14);
    expect(curve[0]?.agents).toBe(11);
    for (let i = 1; i < curve.length; i++) {
      expect(curve[i]?.serviceLevel).toBeGreaterThan(curve[i - 1]?.serviceLevel ?? 1);
    }
    const big = serviceLevelCurve(1000, 180, 20, 1177);
    expect(big.length).toBeLessThanOrEqual(17);
    expect(big.map((point) => point.agents)).toContain(1177);
  });
});

const target = fc.record({
  serviceLevel: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  answerSeconds: fc.double({ min: 0, max: 600, noNaN: true }),
});
const trafficArb = fc.double({ min: 0, max: 400, noNaN: true });
const handleArb = fc.double({ min: 5, max: 3600, noNaN: true });
const capArb = fc.double({ min: 0.1, max: 0.99, noNaN: true });

describe("properties", () => {
  it("more volume never needs fewer agents", () => {
    fc.assert(
      fc.property(trafficArb, trafficArb, handleArb, target, capArb, (a, b, aht, goal, cap) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const fewer = solveAgents(low, aht, goal, cap).agents;
        const more = solveAgents(high, aht, goal, cap).agents;
        expect(more).toBeGreaterThanOrEqual(fewer);
      }),
    );
  });

  it("a stricter target never needs fewer agents", () => {
    fc.assert(
      fc.property(
        trafficArb,
        handleArb,
        target,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        capArb,
        (traffic, aht, goal, higherShare, shorterShare, cap) => {
          const stricter = {
            serviceLevel: goal.serviceLevel + (0.99 - goal.serviceLevel) * higherShare,
            answerSeconds: goal.answerSeconds * shorterShare,
          };
          const relaxed = solveAgents(traffic, aht, goal, cap).agents;
          expect(solveAgents(traffic, aht, stricter, cap).agents).toBeGreaterThanOrEqual(relaxed);
        },
      ),
    );
  });

  it("any volume gives a whole number of agents of at least 1", () => {
    fc.assert(
      fc.property(trafficArb, handleArb, target, capArb, (traffic, aht, goal, cap) => {
        const { agents } = solveAgents(traffic, aht, goal, cap);
        expect(Number.isInteger(agents)).toBe(true);
        expect(agents).toBeGreaterThanOrEqual(1);
        expect(agents).toBeGreaterThan(traffic);
      }),
    );
  });

  it("service level rises with agents", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 400, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        handleArb,
        fc.double({ min: 0, max: 600, noNaN: true }),
        (traffic, extra, aht, seconds) => {
          const first = Math.floor(traffic) + 1;
          const lower = serviceLevel(traffic, first + extra - 1, aht, seconds);
          const higher = serviceLevel(traffic, first + extra, aht, seconds);
          expect(higher).toBeGreaterThanOrEqual(lower);
          expect(higher).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
