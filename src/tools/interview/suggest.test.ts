import { describe, expect, it } from "vitest";
import { SUGGESTED_QUESTION_COUNT } from "./constants.ts";
import { addQuestion, moveQuestion, removeQuestion } from "./plan.ts";
import {
  applyPicks,
  defaultState,
  isSuggestion,
  normalizeCompetencies,
  stateForRole,
  suggestQuestions,
} from "./suggest.ts";
import { TEST_LIBRARY as LIB } from "./testing.ts";

describe("suggestQuestions", () => {
  it("takes role-suited questions from each competency in turn", () => {
    expect(suggestQuestions(LIB, "specialist", ["empathy", "writing"])).toEqual([
      "e1",
      "w1",
      "e2",
      "w2",
      "e4",
      "w3",
      "w4",
      "w5",
    ]);
  });

  it("orders competencies as the library does, whatever order they are given in", () => {
    expect(suggestQuestions(LIB, "specialist", ["writing", "empathy"], 2)).toEqual(["e1", "w1"]);
  });

  it("stops when the pools run dry and never exceeds the count", () => {
    expect(suggestQuestions(LIB, "lead", ["ownership"])).toEqual(["o1", "o2", "o3"]);
    expect(suggestQuestions(LIB, "specialist", ["empathy", "writing"]).length).toBe(
      SUGGESTED_QUESTION_COUNT,
    );
    expect(suggestQuestions(LIB, "lead", [])).toEqual([]);
    expect(suggestQuestions(LIB, "nobody", ["empathy"])).toEqual([]);
  });
});

describe("state helpers", () => {
  it("defaults to the first role with its focus competencies and suggestion", () => {
    const state = defaultState(LIB);
    expect(state.role).toBe("specialist");
    expect(state.competencies).toEqual(["empathy", "writing"]);
    expect(isSuggestion(LIB, state)).toBe(true);
  });

  it("drops unknown competencies and duplicates", () => {
    expect(normalizeCompetencies(LIB, ["ownership", "nope", "empathy", "empathy"])).toEqual([
      "empathy",
      "ownership",
    ]);
  });

  it("re-suggests on a new pick while the list is untouched", () => {
    const next = applyPicks(LIB, defaultState(LIB), { role: "lead", competencies: ["ownership"] });
    expect(next).toEqual({
      role: "lead",
      competencies: ["ownership"],
      questions: ["o1", "o2", "o3"],
    });
  });

  it("brings a new role's focus competencies, as its guide and its link do", () => {
    expect(applyPicks(LIB, defaultState(LIB), { role: "lead" })).toEqual(stateForRole(LIB, "lead"));
    expect(stateForRole(LIB, "lead").competencies).toEqual(["ownership"]);
  });

  it("keeps competencies the visitor chose when the role changes", () => {
    const chosen = applyPicks(LIB, defaultState(LIB), { competencies: ["empathy", "ownership"] });
    const next = applyPicks(LIB, chosen, { role: "lead" });
    expect(next.competencies).toEqual(["empathy", "ownership"]);
    expect(next.questions).toEqual(suggestQuestions(LIB, "lead", ["empathy", "ownership"]));
  });

  it("keeps an edited list when the picks change", () => {
    const edited = removeQuestion(defaultState(LIB), "e1");
    const next = applyPicks(LIB, edited, { role: "lead" });
    expect(next.role).toBe("lead");
    expect(next.questions).toEqual(edited.questions);
  });
});

describe("plan edits", () => {
  const state = { role: "specialist", competencies: ["empathy"], questions: ["e1", "e2", "e4"] };

  it("moves a question one place up or down, and not past either end", () => {
    expect(moveQuestion(state, "e2", -1).questions).toEqual(["e2", "e1", "e4"]);
    expect(moveQuestion(state, "e2", 1).questions).toEqual(["e1", "e4", "e2"]);
    expect(moveQuestion(state, "e1", -1)).toBe(state);
    expect(moveQuestion(state, "e4", 1)).toBe(state);
    expect(moveQuestion(state, "zz", 1)).toBe(state);
  });

  it("adds once and removes", () => {
    expect(addQuestion(state, "w1").questions).toEqual(["e1", "e2", "e4", "w1"]);
    expect(addQuestion(state, "e1")).toBe(state);
    expect(removeQuestion(state, "e2").questions).toEqual(["e1", "e4"]);
    expect(removeQuestion(state, "zz")).toBe(state);
  });
});
