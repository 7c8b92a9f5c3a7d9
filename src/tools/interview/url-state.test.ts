import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INTERVIEW_BUILDER_PATH, MAX_QUESTIONS } from "./constants.ts";
import { defaultState, stateForRole } from "./suggest.ts";
import { TEST_LIBRARY as LIB } from "./testing.ts";
import type { BuilderState } from "./types.ts";
import { decodeBuilderPath, encodeBuilderPath } from "./url-state.ts";

const roleIds = LIB.roles.map((role) => role.id);
const competencyIds = LIB.competencies.map((c) => c.id);
const questionIds = LIB.questions.map((q) => q.id);

/** Any state the builder can reach: a known role, competencies in library order, unique questions. */
const validState: fc.Arbitrary<BuilderState> = fc.record({
  role: fc.constantFrom(...roleIds),
  competencies: fc.subarray(competencyIds),
  questions: fc.shuffledSubarray(questionIds),
});

describe("encodeBuilderPath / decodeBuilderPath", () => {
  it("writes a readable sub-path", () => {
    expect(
      encodeBuilderPath({
        role: "lead",
        competencies: ["empathy", "ownership"],
        questions: ["o2", "e1"],
      }),
    ).toBe("/interview-builder/lead/empathy~ownership/o2~e1/");
    expect(encodeBuilderPath({ role: "lead", competencies: [], questions: [] })).toBe(
      "/interview-builder/lead/_/_/",
    );
  });

  it("decode(encode(state)) is the state (property)", () => {
    fc.assert(
      fc.property(validState, (state) => {
        expect(decodeBuilderPath(encodeBuilderPath(state), LIB)).toEqual(state);
      }),
    );
  });

  it("encode(decode(path)) is stable for any path (property)", () => {
    fc.assert(
      fc.property(fc.string(), (tail) => {
        const once = decodeBuilderPath(`${INTERVIEW_BUILDER_PATH}${tail}`, LIB);
        expect(decodeBuilderPath(encodeBuilderPath(once), LIB)).toEqual(once);
      }),
    );
  });

  it("never throws, and always yields a known role and known ids (property)", () => {
    const segment = fc.oneof(
      fc.string(),
      fc.constantFrom(...roleIds, ...competencyIds, ...questionIds, "_", "~", "%E0%A4%A", ".."),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (segments, prefixed) => {
        const path = `${prefixed ? INTERVIEW_BUILDER_PATH : "/"}${segments.join("/")}`;
        const state = decodeBuilderPath(path, LIB);
        expect(roleIds).toContain(state.role);
        for (const id of state.competencies) expect(competencyIds).toContain(id);
        for (const id of state.questions) expect(questionIds).toContain(id);
        expect(new Set(state.questions).size).toBe(state.questions.length);
      }),
    );
  });

  it.each([
    ["/interview-builder/"],
    ["/interview-builder"],
    ["/interview-builder/no-such-role/empathy/e1/"],
    ["/interview-builder/%E0%A4%A/"],
    ["/elsewhere/specialist/"],
    [""],
  ])("falls back to the defaults for %j", (path) => {
    expect(decodeBuilderPath(path, LIB)).toEqual(defaultState(LIB));
  });

  it("fills in what a shorter path leaves out", () => {
    expect(decodeBuilderPath("/interview-builder/lead/", LIB)).toEqual(stateForRole(LIB, "lead"));
    expect(decodeBuilderPath("/interview-builder/lead/empathy/", LIB)).toEqual({
      role: "lead",
      competencies: ["empathy"],
      questions: ["e1", "e3"],
    });
  });

  it("drops unknown and repeated ids, keeps order, and ignores query and hash", () => {
    expect(
      decodeBuilderPath(
        "/interview-builder/lead/ownership~bogus/o3~nope~o1~o3/?utm_source=x#top",
        LIB,
      ),
    ).toEqual({ role: "lead", competencies: ["ownership"], questions: ["o3", "o1"] });
  });

  it("falls back to the focus or the suggestion when a list holds nothing usable", () => {
    expect(decodeBuilderPath("/interview-builder/lead/bogus/nope/", LIB)).toEqual(
      stateForRole(LIB, "lead"),
    );
  });

  it("keeps an explicitly empty list empty", () => {
    expect(decodeBuilderPath("/interview-builder/lead/_/_/", LIB)).toEqual({
      role: "lead",
      competencies: [],
      questions: [],
    });
  });

  it("cuts an over-long list", () => {
    const many = Array.from({ length: MAX_QUESTIONS + 5 }, (_, i) => `q${i}`);
    const big = {
      ...LIB,
      questions: many.map((id) => ({ ...(LIB.questions[0] as (typeof LIB.questions)[0]), id })),
    };
    const state = decodeBuilderPath(`/interview-builder/lead/_/${many.join("~")}/`, big);
    expect(state.questions).toEqual(many.slice(0, MAX_QUESTIONS));
  });
});
