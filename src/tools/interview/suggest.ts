import { SUGGESTED_QUESTION_COUNT } from "./constants.ts";
import type { BuilderLibrary, BuilderState } from "./types.ts";

/** Known competency ids from `ids`, once each, in the library's order. */
export function normalizeCompetencies(library: BuilderLibrary, ids: readonly string[]): string[] {
  const wanted = new Set(ids);
  return library.competencies.filter((c) => wanted.has(c.id)).map((c) => c.id);
}

/**
 * The suggested questions for a role and competencies: questions that suit the role, taken
 * in turn from each competency (library order within one), so a four-competency interview
 * gets two of each rather than eight of the first.
 */
export function suggestQuestions(
  library: BuilderLibrary,
  role: string,
  competencies: readonly string[],
  count: number = SUGGESTED_QUESTION_COUNT,
): string[] {
  const pools = normalizeCompetencies(library, competencies).map((competency) =>
    library.questions
      .filter((q) => q.competency === competency && q.roles.includes(role))
      .map((q) => q.id),
  );
  const picked: string[] = [];
  for (let round = 0; picked.length < count; round++) {
    const before = picked.length;
    for (const pool of pools) {
      const id = pool[round];
      if (id !== undefined && picked.length < count) picked.push(id);
    }
    if (picked.length === before) break;
  }
  return picked;
}

/** The first role's focus competencies and their suggestion: the builder with no sub-path. */
export function defaultState(library: BuilderLibrary): BuilderState {
  const role = library.roles[0];
  if (!role) return { role: "", competencies: [], questions: [] };
  return stateForRole(library, role.id);
}

/** A role's focus competencies and suggested questions. */
export function stateForRole(library: BuilderLibrary, roleId: string): BuilderState {
  const role = library.roles.find((candidate) => candidate.id === roleId);
  const competencies = normalizeCompetencies(library, role?.focus ?? []);
  return { role: roleId, competencies, questions: suggestQuestions(library, roleId, competencies) };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** True while the visitor has not edited the suggested list. */
export function isSuggestion(library: BuilderLibrary, state: BuilderState): boolean {
  return sameList(state.questions, suggestQuestions(library, state.role, state.competencies));
}

/**
 * A new role or competency pick. An untouched suggestion follows the picks; a list the
 * visitor has edited is kept (they can ask for a fresh suggestion explicitly).
 */
export function applyPicks(
  library: BuilderLibrary,
  state: BuilderState,
  picks: { role?: string; competencies?: readonly string[] },
): BuilderState {
  const role = picks.role ?? state.role;
  const competencies = normalizeCompetencies(library, picks.competencies ?? state.competencies);
  const questions = isSuggestion(library, state)
    ? suggestQuestions(library, role, competencies)
    : state.questions;
  return { role, competencies, questions };
}
