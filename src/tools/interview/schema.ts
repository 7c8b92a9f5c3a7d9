import { z } from "zod";

/**
 * The interview library's content model (content/interview/). Competency and role fields
 * are enums built from competencies.json and roles.json when the content loads, so a typo
 * in a question file fails the build naming the file and the field.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG, "expected a lowercase slug (letters, digits, single hyphens)");

/** `/interview-builder/library/` is a real page under the builder's splat; no role may take it. */
export const RESERVED_ROLE_IDS = ["library"] as const;

const text = z.string().trim().min(1);
const signals = z.array(text).min(1);

export const competencySchema = z
  .object({
    id: slug.describe("URL slug, e.g. written-communication; /interview-builder/library/{id}/."),
    name: text.describe("Display name, e.g. Written communication."),
    summary: text.describe("One sentence saying what the competency covers."),
    whyItMatters: text.describe("Why it matters in support; shown on the library page."),
  })
  .strict();
export const competenciesFileSchema = z
  .array(competencySchema)
  .min(1)
  .describe("content/interview/competencies.json: the competencies questions are grouped by.");
export type Competency = z.infer<typeof competencySchema>;

const roleShape = {
  id: slug
    .refine((id) => !(RESERVED_ROLE_IDS as readonly string[]).includes(id), {
      message: `"library" is the library page's path and cannot be a role id`,
    })
    .describe("URL slug: /interview-guides/{id}/, /job-descriptions/{id}/, builder links."),
  title: text.describe("Job title, e.g. Support team lead."),
  summary: text.describe("What the role does, two or three sentences; opens the job description."),
  responsibilities: z.array(text).min(3).describe("Job description: what the person will do."),
  requirements: z.array(text).min(2).describe("Job description: what we look for."),
};

export const roleSchema = z
  .object({
    ...roleShape,
    focus: z.array(slug).min(1).describe("Competencies the role's interview focuses on."),
  })
  .strict();
export type Role = z.infer<typeof roleSchema>;

export const questionSchema = z
  .object({
    id: slug.describe("Stable slug; it appears in shared builder links, so never rename it."),
    text: text.describe("The question as the interviewer asks it."),
    competency: slug.describe("The competency it tests: an id from competencies.json."),
    roles: z.array(slug).min(1).describe("Roles it suits: ids from roles.json."),
    strong: signals.describe("What a strong answer shows, one signal per item."),
    weak: signals.describe("What a weak answer shows, one signal per item."),
    followUps: z.array(text).min(1).describe("Follow-up questions to dig deeper."),
  })
  .strict();
export type Question = z.infer<typeof questionSchema>;

function unique<T extends string>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

function idEnum(ids: readonly string[]) {
  return z.enum(ids as [string, ...string[]]);
}

/** roles.json, with `focus` restricted to the loaded competency ids. */
export function rolesFileSchema(competencyIds: readonly string[]) {
  return z
    .array(
      z
        .object({
          ...roleShape,
          focus: z
            .array(idEnum(competencyIds))
            .min(1)
            .refine(unique, { message: "lists a competency twice" })
            .describe("Competencies the role's interview focuses on: ids from competencies.json."),
        })
        .strict(),
    )
    .min(1)
    .describe("content/interview/roles.json: the roles guides and job descriptions exist for.");
}

/** One file of content/interview/questions/, with competency and roles as enums. */
export function questionsFileSchema(competencyIds: readonly string[], roleIds: readonly string[]) {
  return z
    .array(
      questionSchema.extend({
        competency: idEnum(competencyIds).describe("The competency it tests."),
        roles: z
          .array(idEnum(roleIds))
          .min(1)
          .refine(unique, { message: "lists a role twice" })
          .describe("Roles it suits: ids from roles.json."),
      }),
    )
    .describe("content/interview/questions/*.json: interview questions.");
}

/** The whole library as the build loads it. */
export interface InterviewLibrary {
  competencies: Competency[];
  roles: Role[];
  /** Every question, in file order (files sorted by name). */
  questions: Question[];
}
