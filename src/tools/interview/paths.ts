import {
  INTERVIEW_GUIDES_PATH,
  INTERVIEW_LIBRARY_PATH,
  JOB_DESCRIPTIONS_PATH,
} from "./constants.ts";

/** `/interview-builder/library/` or one competency's page under it. */
export function libraryPath(competencyId?: string): string {
  return competencyId ? `${INTERVIEW_LIBRARY_PATH}${competencyId}/` : INTERVIEW_LIBRARY_PATH;
}

export function interviewGuidePath(roleId: string): string {
  return `${INTERVIEW_GUIDES_PATH}${roleId}/`;
}

export function jobDescriptionPath(roleId: string): string {
  return `${JOB_DESCRIPTIONS_PATH}${roleId}/`;
}
