import { readFile, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SUGGESTED_QUESTION_COUNT, suggestQuestions } from "../tools/interview/index.ts";
import { loadContent } from "./content.ts";
import { contentFixture } from "./test-content.ts";

const CONTENT = resolve(import.meta.dirname, "../../content");

describe("the interview library content", () => {
  it("loads at least 60 distinct questions for at least five roles", async () => {
    const { interview } = await loadContent(CONTENT);
    expect(interview).not.toBeNull();
    if (!interview) return;
    expect(interview.questions.length).toBeGreaterThanOrEqual(60);
    expect(interview.roles.length).toBeGreaterThanOrEqual(5);
    expect(new Set(interview.questions.map((q) => q.text)).size).toBe(interview.questions.length);
    // Every role's own guide is a full interview.
    for (const role of interview.roles) {
      expect(suggestQuestions(interview, role.id, role.focus), role.id).toHaveLength(
        SUGGESTED_QUESTION_COUNT,
      );
    }
  });

  it("is optional: a site without content/interview/ has no library", async () => {
    const dir = await contentFixture();
    await rm(resolve(dir, "interview"), { recursive: true });
    expect((await loadContent(dir)).interview).toBeNull();
  });

  async function withEdit(file: string, edit: (json: unknown[]) => void) {
    const json = JSON.parse(await readFile(resolve(CONTENT, file), "utf8")) as unknown[];
    edit(json);
    return contentFixture({ [file]: JSON.stringify(json) });
  }

  it.each([
    [
      "a competency typo",
      "interview/questions/empathy.json",
      (json: unknown[]) => {
        (json[2] as { competency: string }).competency = "empaty";
      },
      'field "[2].competency"',
    ],
    [
      "an unknown role",
      "interview/questions/ownership.json",
      (json: unknown[]) => {
        (json[0] as { roles: string[] }).roles.push("support-wizard");
      },
      'field "[0].roles[5]"',
    ],
    [
      "a missing weak-answer list",
      "interview/questions/collaboration.json",
      (json: unknown[]) => {
        delete (json[1] as { weak?: unknown }).weak;
      },
      'field "[1].weak"',
    ],
    [
      "a role focus typo",
      "interview/roles.json",
      (json: unknown[]) => {
        (json[0] as { focus: string[] }).focus = ["ownershp"];
      },
      'field "[0].focus[0]"',
    ],
    [
      "the reserved role id",
      "interview/roles.json",
      (json: unknown[]) => {
        (json[1] as { id: string }).id = "library";
      },
      'field "[1].id"',
    ],
    [
      "a duplicate question id",
      "interview/questions/troubleshooting.json",
      (json: unknown[]) => {
        (json[3] as { id: string }).id = "angry-customer-first-reply";
      },
      'field "[3].id"',
    ],
  ])("fails the build on %s, naming file and field", async (_name, file, edit, field) => {
    const dir = await withEdit(file, edit);
    const error = await loadContent(dir).then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toContain(file);
    expect(error?.message).toContain(field);
  });
});
