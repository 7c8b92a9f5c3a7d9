/**
 * The interview builder's pure logic: suggestions, plan edits, URL state and exports.
 * Used by the builder page, the library, guide and job-description templates and the build.
 * The zod schemas in ./schema.ts are for the build; the client bundle drops them (see the
 * tree-shaking rule for schema.ts files in vite.config.ts).
 */
export {
  EMPTY_LIST,
  INTERVIEW_BUILDER_PATH,
  INTERVIEW_GUIDES_PATH,
  INTERVIEW_LIBRARY_PATH,
  JOB_DESCRIPTIONS_PATH,
  LIST_SEPARATOR,
  MAX_QUESTIONS,
  SCORING_SCALE,
  SUGGESTED_QUESTION_COUNT,
} from "./constants.ts";
export {
  buildGuide,
  type Guide,
  guideFileName,
  guideTitle,
  guideToMarkdown,
  guideToText,
} from "./guide.ts";
export { interviewGuidePath, jobDescriptionPath, libraryPath } from "./paths.ts";
export { addQuestion, moveQuestion, removeQuestion } from "./plan.ts";
export {
  type Competency,
  competenciesFileSchema,
  type InterviewLibrary,
  type Question,
  questionsFileSchema,
  type Role,
  rolesFileSchema,
} from "./schema.ts";
export {
  applyPicks,
  defaultState,
  isSuggestion,
  normalizeCompetencies,
  stateForRole,
  suggestQuestions,
} from "./suggest.ts";
export type { BuilderLibrary, BuilderState } from "./types.ts";
export { decodeBuilderPath, encodeBuilderPath, roleBuilderPath } from "./url-state.ts";
