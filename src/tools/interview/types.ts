import type { Competency, Question, Role } from "./schema.ts";

/** What the builder's logic needs from the library; the page data carries exactly this. */
export interface BuilderLibrary {
  competencies: Competency[];
  roles: Pick<Role, "id" | "title" | "summary" | "focus">[];
  questions: Question[];
}

/** The visitor's interview: encoded in the builder's sub-path so it can be shared. */
export interface BuilderState {
  role: string;
  /** Ticked competencies, in the library's order. */
  competencies: string[];
  /** Chosen question ids, in the visitor's order. */
  questions: string[];
}
