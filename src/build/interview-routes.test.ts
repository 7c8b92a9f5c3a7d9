import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { findMatchPath, resolvePagePath } from "../protocol/index.ts";
import type {
  InterviewGuideData,
  InterviewLibraryData,
  JobDescriptionData,
} from "../templates/index.ts";
import { type BuilderLibrary, decodeBuilderPath } from "../tools/interview/index.ts";
import { loadContent, type SiteContent } from "./content.ts";
import { buildRoutes, type Route } from "./routes.ts";
import { matchPathsOf, staticQueryHashesOf, staticQueryResults } from "./shared-data.ts";

let content: SiteContent;
let routes: Route[];
const route = (path: string) => routes.find((candidate) => candidate.path === path);

beforeAll(async () => {
  content = await loadContent(resolve(import.meta.dirname, "../../content"));
  routes = buildRoutes(content);
});

describe("interview routes", () => {
  it("prerender the library index and one page per competency", () => {
    expect(route("/interview-builder/library/")?.componentChunkName).toBe(
      "template---interview-library",
    );
    for (const competency of content.interview?.competencies ?? []) {
      const data = route(`/interview-builder/library/${competency.id}/`)
        ?.data as InterviewLibraryData;
      expect(data.competency?.id).toBe(competency.id);
      expect(data.questions.every((q) => q.competency === competency.id)).toBe(true);
    }
  });

  it("add a guide and a job description per role, linking into the builder pre-filled", () => {
    const library = staticQueryResults(content)[
      STATIC_QUERY_HASH["interview-library"]
    ] as BuilderLibrary | null;
    expect(library).not.toBeNull();
    if (!library) return;
    for (const role of content.interview?.roles ?? []) {
      const guide = route(`/interview-guides/${role.id}/`)?.data as InterviewGuideData;
      const job = route(`/job-descriptions/${role.id}/`)?.data as JobDescriptionData;
      expect(guide.role.title).toBe(role.title);
      expect(job.role.responsibilities).toEqual(role.responsibilities);
      // The builder link reproduces exactly the guide's questions.
      const state = decodeBuilderPath(guide.role.builderPath, library);
      expect(state.role).toBe(role.id);
      expect(state.questions).toEqual(guide.questions.map((q) => q.id));
      expect(job.role.builderPath).toBe(guide.role.builderPath);
    }
  });

  it("give each page its h1 with the headline rules applied (§5)", () => {
    const nbsp = "\u00a0";
    const job = route("/job-descriptions/support-team-lead/")?.data as JobDescriptionData;
    expect(job.headline).toBe(`Support team${nbsp}lead`);
    const guide = route("/interview-guides/support-team-lead/")?.data as InterviewGuideData;
    expect(guide.headline).toBe(`How to interview a support team${nbsp}lead`);
    // The rule leaves long last words apart.
    const senior = route("/job-descriptions/senior-support-specialist/")
      ?.data as JobDescriptionData;
    expect(senior.headline).toBe("Senior support specialist");
  });

  it("give the builder page the library as a static query no other page lists", () => {
    const library = staticQueryResults(content)[STATIC_QUERY_HASH["interview-library"]] as
      | BuilderLibrary
      | undefined;
    expect(library?.questions.length).toBe(content.interview?.questions.length);
    const builder = route("/interview-builder/") as Route;
    // Not inline in the page's data: the loader fetches it with the page.
    expect(JSON.stringify(builder.data)).not.toContain('"questions"');
    expect(staticQueryHashesOf(builder)).toContain(STATIC_QUERY_HASH["interview-library"]);
    for (const other of routes.filter((candidate) => candidate !== builder)) {
      expect(staticQueryHashesOf(other), other.path).not.toContain(
        STATIC_QUERY_HASH["interview-library"],
      );
    }
    expect(JSON.stringify(route("/")?.data)).not.toContain("strong");
  });
});

describe("prerendered pages under the builder's splat", () => {
  it("win over the splat in the client, and sub-paths still reach the builder", () => {
    const matchPaths = matchPathsOf(routes);
    const cases: [string, string][] = [
      ["/interview-builder/library/", "/interview-builder/library/"],
      ["/interview-builder/library", "/interview-builder/library/"],
      ["/interview-builder/library/empathy/", "/interview-builder/library/empathy/"],
      ["/interview-builder/library/empathy/extra/", "/interview-builder/"],
      [
        "/interview-builder/support-team-lead/empathy/angry-customer-first-reply/",
        "/interview-builder/",
      ],
      ["/interview-builder/", "/interview-builder/"],
    ];
    for (const [path, page] of cases) expect(resolvePagePath(path, matchPaths), path).toBe(page);
  });

  it("send the server's fallback for unknown sub-paths to the builder", () => {
    // The server serves real files first; its match-path fallback (the protocol's
    // findMatchPath, as here) only sees paths without one.
    const entries = matchPathsOf(routes);
    for (const path of [
      "/interview-builder/support-team-lead/_/_/",
      "/interview-builder/library/empathy/extra/",
    ]) {
      expect(findMatchPath(path, entries)?.path, path).toBe("/interview-builder/");
    }
  });
});
