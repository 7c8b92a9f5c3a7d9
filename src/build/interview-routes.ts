import { componentChunkName } from "../site/index.ts";
import type {
  InterviewBuilderData,
  InterviewGuideData,
  InterviewLibraryCompetency,
  InterviewLibraryData,
  InterviewLibraryQuestion,
  InterviewRoleLink,
  JobDescriptionData,
} from "../templates/index.ts";
import {
  type BuilderLibrary,
  buildGuide,
  encodeBuilderPath,
  INTERVIEW_BUILDER_PATH,
  type InterviewLibrary,
  interviewGuidePath,
  jobDescriptionPath,
  libraryPath,
  roleBuilderPath,
  stateForRole,
  suggestQuestions,
} from "../tools/interview/index.ts";

import type { HeadBuilder, Route } from "./routes.ts";

/** Library pages sit under the builder's `/interview-builder/*` splat: listing each page with
 * its own path as a pattern makes it outrank the splat in the client's route ranking. */
function ownPattern(path: string): string {
  return path.replace(/\/$/, "");
}

/** What the builder page needs: roles without their job-description copy. */
export function builderLibrary(library: InterviewLibrary): BuilderLibrary {
  return {
    competencies: library.competencies,
    roles: library.roles.map(({ id, title, summary, focus }) => ({ id, title, summary, focus })),
    questions: library.questions,
  };
}

/**
 * The builder (a named page answering every sub-path under it, reading the whole library as a
 * static query), the interview library pages, and a guide and a job description per role.
 */
export function interviewRoutes(
  library: InterviewLibrary | null,
  head: HeadBuilder,
  headline: (text: string) => string,
): Route[] {
  const lite = library ? builderLibrary(library) : null;
  const roleLinks: InterviewRoleLink[] = (lite?.roles ?? []).map((role) => ({
    id: role.id,
    title: role.title,
    guidePath: interviewGuidePath(role.id),
    jobDescriptionPath: jobDescriptionPath(role.id),
    builderPath: lite ? roleBuilderPath(lite, role.id) : INTERVIEW_BUILDER_PATH,
  }));
  // The library itself is a static query the page lists: a file fetched after the first
  // paint, not 15 KB brotli of inline data in the page's first response.
  const builderData: InterviewBuilderData = { roles: roleLinks };
  const routes: Route[] = [
    {
      path: INTERVIEW_BUILDER_PATH,
      matchPath: `${INTERVIEW_BUILDER_PATH}*`,
      componentChunkName: componentChunkName("pages", "interview-builder"),
      head: head(
        INTERVIEW_BUILDER_PATH,
        "Interview builder",
        "Build a support interview from a library of proven questions.",
      ),
      pageContext: {},
      data: builderData,
      staticQueries: ["interview-library"],
      inSitemap: true,
    },
  ];
  if (!library || !lite) return routes;

  const roleTitle = new Map(library.roles.map((role) => [role.id, role.title]));
  const competencies: InterviewLibraryCompetency[] = library.competencies.map((competency) => ({
    ...competency,
    path: libraryPath(competency.id),
    questionCount: library.questions.filter((q) => q.competency === competency.id).length,
  }));
  const libraryQuestion = (question: InterviewLibrary["questions"][number]) => {
    const entry: InterviewLibraryQuestion = {
      ...question,
      roleTitles: question.roles.map((id) => roleTitle.get(id) ?? id),
      builderPath: encodeBuilderPath({
        role: question.roles[0] ?? "",
        competencies: [question.competency],
        questions: [question.id],
      }),
    };
    return entry;
  };

  const indexPath = libraryPath();
  const indexData: InterviewLibraryData = {
    headline: headline("Customer support interview questions"),
    competency: null,
    competencies,
    // The index is a table of contents: question text only, each linking to its competency page.
    questions: library.questions.map((question) => ({
      ...libraryQuestion(question),
      strong: [],
      weak: [],
      followUps: [],
    })),
    roles: [],
  };
  routes.push({
    path: indexPath,
    matchPath: ownPattern(indexPath),
    componentChunkName: componentChunkName("templates", "interview-library"),
    head: head(
      indexPath,
      "Customer support interview questions",
      `${library.questions.length} interview questions for hiring customer support people, grouped by competency, each with what a strong and a weak answer shows.`,
    ),
    pageContext: {},
    data: indexData,
    inSitemap: true,
  });

  for (const competency of competencies) {
    const data: InterviewLibraryData = {
      headline: headline(`${competency.name} interview questions`),
      competency,
      competencies,
      questions: library.questions
        .filter((q) => q.competency === competency.id)
        .map(libraryQuestion),
      roles: roleLinks.map((role) => ({
        ...role,
        competencyBuilderPath: encodeBuilderPath({
          role: role.id,
          competencies: [competency.id],
          questions: suggestQuestions(lite, role.id, [competency.id]),
        }),
      })),
    };
    routes.push({
      path: competency.path,
      matchPath: ownPattern(competency.path),
      componentChunkName: componentChunkName("templates", "interview-library"),
      head: head(
        competency.path,
        `${competency.name} interview questions for support roles`,
        `${competency.questionCount} questions that test ${competency.name.toLowerCase()} in customer support candidates: ${competency.summary}`,
      ),
      pageContext: { competency: competency.id },
      data,
      inSitemap: true,
    });
  }

  for (const role of library.roles) {
    const link = roleLinks.find((candidate) => candidate.id === role.id) as InterviewRoleLink;
    const otherRoles = roleLinks.filter((candidate) => candidate.id !== role.id);
    const focus = competencies
      .filter((competency) => role.focus.includes(competency.id))
      .map(({ id, name, summary }) => ({ id, name, summary }));

    const guide = buildGuide(lite, stateForRole(lite, role.id));
    const guideData: InterviewGuideData = {
      headline: headline(`How to interview a ${role.title.toLowerCase()}`),
      role: { ...link, summary: role.summary },
      competencies: focus,
      questions: guide.questions,
      otherRoles,
    };
    routes.push({
      path: link.guidePath,
      componentChunkName: componentChunkName("templates", "interview-guide"),
      head: head(
        link.guidePath,
        `${role.title} interview guide`,
        `A structured interview for hiring a ${role.title.toLowerCase()}: ${guide.questions.length} questions on ${focus.map((c) => c.name.toLowerCase()).join(", ")}, with what strong and weak answers show.`,
      ),
      pageContext: { role: role.id },
      data: guideData,
      inSitemap: true,
    });

    const jobData: JobDescriptionData = {
      headline: headline(role.title),
      role: {
        ...link,
        summary: role.summary,
        responsibilities: role.responsibilities,
        requirements: role.requirements,
      },
      competencies: focus,
      otherRoles,
    };
    routes.push({
      path: link.jobDescriptionPath,
      componentChunkName: componentChunkName("templates", "job-description"),
      head: head(
        link.jobDescriptionPath,
        `${role.title} job description`,
        `A ${role.title.toLowerCase()} job description template you can adapt: responsibilities, requirements and the skills to interview for.`,
      ),
      pageContext: { role: role.id },
      data: jobData,
      inSitemap: true,
    });
  }
  return routes;
}
