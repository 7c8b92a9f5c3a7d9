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
  const competencies = focusOf(library, roleId);
  return { role: roleId, competencies, questions: suggestQuestions(library, roleId, competencies) };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** True while the visitor has not edited the suggested list. */
export function isSuggestion(library: BuilderLibrary, state: BuilderState): boolean {
  return sameList(state.questions, suggestQuestions(library, state.role, state.competencies));
}

/** The role's focus competencies (library order). */
function focusOf(library: BuilderLibrary, roleId: string): string[] {
  const role = library.roles.find((candidate) => candidate.id === roleId);
  return normalizeCompetencies(library, role?.focus ?? []);
}

/**
 * A new role or competency pick. An untouched suggestion follows the picks; a list the
 * visitor has edited is kept (they can ask for a fresh suggestion explicitly). A new role
 * brings its own focus competencies unless the visitor changed the last role's: so a role
 * picked here gives the same interview as its guide and its "Start from a role" link.
 */
export function applyPicks(
  library: BuilderLibrary,
  state: BuilderState,
  picks: { role?: string; competencies?: readonly string[] },
): BuilderState {
  const role = picks.role ?? state.role;
  const followsRole =
    picks.competencies === undefined &&
    role !== state.role &&
    sameList(normalizeCompetencies(library, state.competencies), focusOf(library, state.role));
  const competencies = followsRole
    ? focusOf(library, role)
    : normalizeCompetencies(library, picks.competencies ?? state.competencies);
  const questions = isSuggestion(library, state)
    ? suggestQuestions(library, role, competencies)
    : state.questions;
  return { role, competencies, questions };
}
