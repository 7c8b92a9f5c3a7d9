import { MAX_QUESTIONS } from "./constants.ts";
import type { BuilderState } from "./types.ts";

/** List edits on the visitor's plan. Pure: each returns a new state, or the same one if nothing changes. */

export function moveQuestion(state: BuilderState, id: string, offset: -1 | 1): BuilderState {
  const from = state.questions.indexOf(id);
  const to = from + offset;
  if (from === -1 || to < 0 || to >= state.questions.length) return state;
  const questions = [...state.questions];
  [questions[from], questions[to]] = [questions[to] as string, questions[from] as string];
  return { ...state, questions };
}

export function removeQuestion(state: BuilderState, id: string): BuilderState {
  if (!state.questions.includes(id)) return state;
  return { ...state, questions: state.questions.filter((q) => q !== id) };
}

/** Appends a question; a duplicate or a full plan leaves the state as it is. */
export function addQuestion(state: BuilderState, id: string): BuilderState {
  if (state.questions.includes(id) || state.questions.length >= MAX_QUESTIONS) return state;
  return { ...state, questions: [...state.questions, id] };
}
