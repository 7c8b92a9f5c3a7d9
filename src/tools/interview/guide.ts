import { SCORING_SCALE } from "./constants.ts";
import type { Question } from "./schema.ts";
import type { BuilderLibrary, BuilderState } from "./types.ts";

/** A plan resolved against the library: what the guide, the scoring sheet and the exports show. */
export interface Guide {
  roleTitle: string;
  competencyNames: string[];
  questions: (Question & { competencyName: string })[];
}

export function buildGuide(library: BuilderLibrary, state: BuilderState): Guide {
  const names = new Map(library.competencies.map((c) => [c.id, c.name]));
  const byId = new Map(library.questions.map((q) => [q.id, q]));
  return {
    roleTitle: library.roles.find((role) => role.id === state.role)?.title ?? "Support role",
    competencyNames: state.competencies.map((id) => names.get(id) ?? id),
    questions: state.questions.flatMap((id) => {
      const question = byId.get(id);
      return question
        ? [{ ...question, competencyName: names.get(question.competency) ?? question.competency }]
        : [];
    }),
  };
}

export function guideTitle(guide: Guide): string {
  return `Interview guide: ${guide.roleTitle}`;
}

/** The guide as Markdown, for the "Download as Markdown" button. `link` is the shareable URL. */
export function guideToMarkdown(guide: Guide, link: string): string {
  const lines = [`# ${guideTitle(guide)}`, ""];
  if (guide.competencyNames.length > 0) {
    lines.push(`**Competencies:** ${guide.competencyNames.join(", ")}`, "");
  }
  lines.push(`Shareable link: <${link}>`, "", "## Scoring scale", "");
  for (const step of SCORING_SCALE)
    lines.push(`- **${step.score} ${step.label}:** ${step.meaning}`);
  guide.questions.forEach((question, index) => {
    lines.push("", `## ${index + 1}. ${question.text}`, "", `*${question.competencyName}*`, "");
    lines.push("**Follow-up questions**", "", ...question.followUps.map((f) => `- ${f}`), "");
    lines.push("**A strong answer shows**", "", ...question.strong.map((s) => `- ${s}`), "");
    lines.push("**A weak answer shows**", "", ...question.weak.map((s) => `- ${s}`), "");
    lines.push("**Score:** 1 · 2 · 3 · 4", "", "**Notes:**", "");
  });
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The guide as plain text, for "Copy as text" (pastes cleanly into email or a document). */
export function guideToText(guide: Guide, link: string): string {
  const lines = [guideTitle(guide)];
  if (guide.competencyNames.length > 0) {
    lines.push(`Competencies: ${guide.competencyNames.join(", ")}`);
  }
  lines.push(`Shareable link: ${link}`, "", "Scoring scale");
  for (const step of SCORING_SCALE) lines.push(`  ${step.score} ${step.label}: ${step.meaning}`);
  guide.questions.forEach((question, index) => {
    lines.push("", `${index + 1}. ${question.text}`, `   Competency: ${question.competencyName}`);
    lines.push("   Follow-up questions:", ...question.followUps.map((f) => `   - ${f}`));
    lines.push("   A strong answer shows:", ...question.strong.map((s) => `   + ${s}`));
    lines.push("   A weak answer shows:", ...question.weak.map((s) => `   - ${s}`));
    lines.push("   Score (1-4):", "   Notes:");
  });
  return `${lines.join("\n")}\n`;
}

/** A file name for the Markdown download, e.g. `interview-guide-support-team-lead.md`. */
export function guideFileName(state: BuilderState): string {
  return `interview-guide-${state.role || "support"}.md`;
}
