import { describe, expect, it } from "vitest";
import { SCORING_SCALE } from "./constants.ts";
import { buildGuide, guideFileName, guideToMarkdown, guideToText } from "./guide.ts";
import { TEST_LIBRARY as LIB } from "./testing.ts";

const state = {
  role: "lead",
  competencies: ["ownership", "empathy"],
  questions: ["o2", "e1", "gone"],
};
const LINK = "https://harbordesk.example/interview-builder/lead/empathy~ownership/o2~e1/";

describe("buildGuide", () => {
  it("resolves the plan in the visitor's order and skips ids the library no longer has", () => {
    const guide = buildGuide(LIB, state);
    expect(guide.roleTitle).toBe("Team lead");
    expect(guide.competencyNames).toEqual(["Ownership", "Empathy"]);
    expect(guide.questions.map((q) => [q.id, q.competencyName])).toEqual([
      ["o2", "Ownership"],
      ["e1", "Empathy"],
    ]);
  });
});

describe("exports", () => {
  const guide = buildGuide(LIB, state);

  it("writes Markdown with the scale, every question in order, its signals and the link", () => {
    const markdown = guideToMarkdown(guide, LINK);
    expect(markdown.startsWith("# Interview guide: Team lead\n")).toBe(true);
    expect(markdown).toContain(`<${LINK}>`);
    for (const step of SCORING_SCALE) expect(markdown).toContain(step.meaning);
    expect(markdown.indexOf("## 1. Question o2?")).toBeLessThan(
      markdown.indexOf("## 2. Question e1?"),
    );
    expect(markdown).toContain("- o2 strong");
    expect(markdown).toContain("- e1 weak");
    expect(markdown).toContain("- o2 follow-up");
  });

  it("writes plain text without Markdown syntax", () => {
    const text = guideToText(guide, LINK);
    expect(text).toContain("1. Question o2?");
    expect(text).toContain("2. Question e1?");
    expect(text).toContain(LINK);
    expect(text).not.toMatch(/^#|\*\*/m);
  });

  it("names the download after the role", () => {
    expect(guideFileName(state)).toBe("interview-guide-lead.md");
  });
});
