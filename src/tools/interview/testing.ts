import type { Question } from "./schema.ts";
import type { BuilderLibrary } from "./types.ts";

function question(id: string, competency: string, roles: string[]): Question {
  return {
    id,
    text: `Question ${id}?`,
    competency,
    roles,
    strong: [`${id} strong`],
    weak: [`${id} weak`],
    followUps: [`${id} follow-up`],
  };
}

/** A small library for unit tests: three competencies, two roles, twelve questions. */
export const TEST_LIBRARY: BuilderLibrary = {
  competencies: [
    { id: "empathy", name: "Empathy", summary: "s", whyItMatters: "w" },
    { id: "writing", name: "Writing", summary: "s", whyItMatters: "w" },
    { id: "ownership", name: "Ownership", summary: "s", whyItMatters: "w" },
  ],
  roles: [
    { id: "specialist", title: "Support specialist", summary: "s", focus: ["writing", "empathy"] },
    { id: "lead", title: "Team lead", summary: "s", focus: ["ownership"] },
  ],
  questions: [
    question("e1", "empathy", ["specialist", "lead"]),
    question("e2", "empathy", ["specialist"]),
    question("e3", "empathy", ["lead"]),
    question("e4", "empathy", ["specialist"]),
    question("w1", "writing", ["specialist"]),
    question("w2", "writing", ["specialist", "lead"]),
    question("w3", "writing", ["specialist"]),
    question("w4", "writing", ["specialist"]),
    question("w5", "writing", ["specialist"]),
    question("o1", "ownership", ["lead"]),
    question("o2", "ownership", ["lead", "specialist"]),
    question("o3", "ownership", ["lead"]),
  ],
};
