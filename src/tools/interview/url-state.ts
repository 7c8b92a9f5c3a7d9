import { EMPTY_LIST, INTERVIEW_BUILDER_PATH, LIST_SEPARATOR, MAX_QUESTIONS } from "./constants.ts";
import { defaultState, normalizeCompetencies, stateForRole, suggestQuestions } from "./suggest.ts";
import type { BuilderLibrary, BuilderState } from "./types.ts";

/**
 * The builder's state in its sub-path:
 * `/interview-builder/{role}/{competency~competency}/{question-id~question-id}/`.
 * Ids are readable slugs rather than indexes, so a shared link keeps meaning the same
 * questions when the library grows. `_` stands for an empty list.
 */

function list(ids: readonly string[]): string {
  return ids.length === 0 ? EMPTY_LIST : ids.join(LIST_SEPARATOR);
}

export function encodeBuilderPath(state: BuilderState): string {
  return `${INTERVIEW_BUILDER_PATH}${state.role}/${list(state.competencies)}/${list(state.questions)}/`;
}

/** The builder link for a role with its focus competencies and suggested questions. */
export function roleBuilderPath(library: BuilderLibrary, roleId: string): string {
  return encodeBuilderPath(stateForRole(library, roleId));
}

/** Splits a list segment; `null` when it is missing or holds nothing usable. */
function parseList(segment: string | undefined, known: (id: string) => boolean): string[] | null {
  if (segment === undefined) return null;
  if (segment === EMPTY_LIST) return [];
  const ids = [...new Set(segment.split(LIST_SEPARATOR))].filter(known);
  return ids.length === 0 ? null : ids;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Reads a builder pathname back into state. Never throws: an unknown role, or any path that
 * is not under the builder, gives the defaults; unknown competencies or questions are dropped,
 * and a list left with nothing usable falls back to the role's focus or the suggestion.
 */
export function decodeBuilderPath(pathname: string, library: BuilderLibrary): BuilderState {
  const path = safeDecode(pathname.split(/[?#]/, 1)[0] ?? "");
  if (!path.startsWith(INTERVIEW_BUILDER_PATH)) return defaultState(library);
  const [roleId, competencySegment, questionSegment] = path
    .slice(INTERVIEW_BUILDER_PATH.length)
    .split("/")
    .filter((segment) => segment !== "");
  const role = library.roles.find((candidate) => candidate.id === roleId);
  if (!role) return defaultState(library);

  const competencyIds = new Set(library.competencies.map((c) => c.id));
  const parsedCompetencies = parseList(competencySegment, (id) => competencyIds.has(id));
  const competencies = normalizeCompetencies(library, parsedCompetencies ?? role.focus);

  const questionIds = new Set(library.questions.map((q) => q.id));
  const parsedQuestions = parseList(questionSegment, (id) => questionIds.has(id));
  const questions =
    parsedQuestions?.slice(0, MAX_QUESTIONS) ?? suggestQuestions(library, role.id, competencies);
  return { role: role.id, competencies, questions };
}
