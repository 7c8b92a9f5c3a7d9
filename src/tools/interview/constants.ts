/** The interview builder's constants and URL scheme, shared by the build, pages and tests. */

export const INTERVIEW_BUILDER_PATH = "/interview-builder/";
export const INTERVIEW_LIBRARY_PATH = "/interview-builder/library/";
export const INTERVIEW_GUIDES_PATH = "/interview-guides/";
export const JOB_DESCRIPTIONS_PATH = "/job-descriptions/";

/** How many questions a suggestion holds: about 45 minutes at five minutes a question. */
export const SUGGESTED_QUESTION_COUNT = 8;
/** A plan never holds more than this; longer lists in a URL are cut. */
export const MAX_QUESTIONS = 30;

/** Joins ids inside one path segment; unreserved in URLs and never part of a slug. */
export const LIST_SEPARATOR = "~";
/** An explicitly empty list (the visitor unticked every competency or removed every question). */
export const EMPTY_LIST = "_";

/** The scoring sheet's scale, 1 to 4: an even scale so nobody can score "in the middle". */
export const SCORING_SCALE = [
  { score: 1, label: "Weak", meaning: "Mostly weak signals; no concrete example." },
  {
    score: 2,
    label: "Mixed",
    meaning: "Some good instincts, but weak signals outweigh strong ones.",
  },
  { score: 3, label: "Solid", meaning: "Several strong signals backed by a specific example." },
  {
    score: 4,
    label: "Strong",
    meaning: "Strong signals throughout, with evidence, reflection and no weak signals.",
  },
] as const;
