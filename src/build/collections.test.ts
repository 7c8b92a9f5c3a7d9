import { resolve } from "node:path";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { listKnown } from "./collections.ts";
import { companyNav } from "./company.ts";
import { loadContent } from "./content.ts";
import { ContentError } from "./content-error.ts";
import { atomFeed, FEED_ENTRIES } from "./feed.ts";
import { collectContentLinks, findBrokenLinks } from "./link-check.ts";
import { renderMarkdown } from "./markdown.ts";
import { redirectRules, siteRedirects, staticHostRedirects } from "./redirects.ts";
import { buildRoutes } from "./routes.ts";
import { contentFixture } from "./test-content.ts";

const post = (frontMatter: string, body = "Hello.") => `---\n${frontMatter}\n---\n\n${body}\n`;

async function failure(run: () => Promise<unknown>): Promise<ContentError> {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error as ContentError;
}

describe("references between collections", () => {
  it("an unknown category fails naming the post file and the field", async () => {
    const dir = await contentFixture({
      "posts/typo.md": post(
        'title: "T"\ndescription: "d"\ndate: "2026-01-02"\nauthor: maya-lindqvist\ncategory: metrics',
      ),
    });
    const error = await failure(() => loadContent(dir));
    expect(error.file).toMatch(/posts\/typo\.md$/);
    expect(error.message).toContain(
      'field "category": expected one of metrics-and-reporting, team-and-hiring, self-service, ai-and-automation, customer-experience, got "metrics"',
    );
  });

  it("a book by an unknown author fails naming the book's index file and the field", async () => {
    const dir = await contentFixture({
      "books/lost/index.md": post(
        'title: "Lost"\ndescription: "d"\nauthor: nobody\ndate: "2026-01-02"',
      ),
    });
    const error = await failure(() => loadContent(dir));
    expect(error.file).toMatch(/books\/lost\/index\.md$/);
    expect(error.message).toContain('field "author": expected one of maya-lindqvist');
  });

  it("an integration in an unknown category fails naming the file and the field", async () => {
    const dir = await contentFixture({
      "integrations/zapier.md": post(
        'title: "Zapier"\ndescription: "d"\ncategory: automation\nplans: "All plans"\nbuiltBy: Partner\nwebsite: "https://zapier.com"',
      ),
    });
    const error = await failure(() => loadContent(dir));
    expect(error.file).toMatch(/integrations\/zapier\.md$/);
    expect(error.message).toContain(
      'field "category": expected one of crm, e-commerce, collaboration, engineering, analytics, got "automation"',
    );
  });

  it("two chapters in one place fail naming the second file and the field", async () => {
    const dir = await contentFixture({
      "books/support-leaders-handbook/again.md": post('title: "Again"\ndescription: "d"\norder: 2'),
    });
    const error = await failure(() => loadContent(dir));
    expect(error.message).toContain('field "order": 2 is already used by');
  });
});

describe("redirects", () => {
  const redirects = (entries: unknown[]) => ({ "redirects.json": JSON.stringify(entries) });

  it("a redirect to a missing route fails the build naming the file and the field", async () => {
    const dir = await contentFixture(
      redirects([{ from: "/old/", to: "/blog/no-such-post/", status: 301 }]),
    );
    const content = await loadContent(dir);
    let error: unknown;
    try {
      buildRoutes(content);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toMatch(/redirects\.json/);
    expect((error as ContentError).message).toContain(
      'field "[0].to": /blog/no-such-post/ is not a page of the site',
    );
  });

  it("a target written as a full URL on the site is checked as its path: no chain, no loop", async () => {
    for (const [entries, problem] of [
      [
        [
          { from: "/old-a/", to: "https://harbordesk.example/old-b/", status: 301 },
          { from: "/old-b/", to: "/blog/", status: 301 },
        ],
        'field "[0].to": https://harbordesk.example/old-b/ is not a page of the site',
      ],
      [
        [{ from: "/loop/", to: "https://harbordesk.example/loop/", status: 301 }],
        'field "[0].to": https://harbordesk.example/loop/ is not a page of the site',
      ],
      [
        [{ from: "/away/", to: "//evil.example/", status: 301 }],
        'field "[0].to": //evil.example/ is not a page of the site',
      ],
    ] as const) {
      const dir = await contentFixture(redirects([...entries]));
      await expect(loadContent(dir).then(buildRoutes)).rejects.toThrow(problem);
    }
    // Another site's address is its own business; a page of this one is fine.
    const fine = await contentFixture(
      redirects([
        { from: "/docs/", to: "https://docs.example.org/", status: 302 },
        { from: "/old-blog/", to: "https://harbordesk.example/blog/", status: 301 },
      ]),
    );
    await expect(loadContent(fine).then(buildRoutes)).resolves.toBeDefined();
  });

  it("a redirect may not shadow a page, and 410 takes no target", async () => {
    const shadow = await contentFixture(
      redirects([{ from: "/pricing", to: "/blog/", status: 301 }]),
    );
    await expect(loadContent(shadow).then(buildRoutes)).rejects.toThrow(
      'field "[0].from": /pricing is a page of the site',
    );
    const gone = await contentFixture(redirects([{ from: "/x/", to: "/blog/", status: 410 }]));
    await expect(loadContent(gone)).rejects.toThrow(/field "\[0\]".*410 entry has no `to`/);
  });

  it("exports Netlify-format rules for static hosts", () => {
    expect(
      staticHostRedirects(
        [
          { from: "/old/", to: "/new/", status: 301 },
          { from: "/gone.html", to: null, status: 410 },
        ],
        "/404.html",
      ),
    ).toBe("/old  /new/  301\n/old/  /new/  301\n/gone.html  /404.html  410\n");
  });
});

/** Elements of an XML document as {name, attributes, text} in document order. */
function parseXml(xml: string) {
  const elements: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const open: number[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(elements.push({ name, attributes, text: "" }) - 1);
      },
      ontext(text) {
        const index = open.at(-1);
        if (index !== undefined) (elements[index] as { text: string }).text += text;
      },
      onclosetag() {
        open.pop();
      },
      onerror(error) {
        throw error;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return elements;
}

describe("the Atom feed", () => {
  it("is well-formed Atom with the newest posts, their authors and full text", async () => {
    const content = await loadContent(resolve(import.meta.dirname, "../../content"));
    const xml = atomFeed({
      settings: content.settings,
      posts: content.posts,
      authors: content.authors,
      renderMarkdown,
    });
    const elements = parseXml(xml);
    const feed = elements[0];
    expect(feed?.name).toBe("feed");
    expect(feed?.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    const child = (name: string) => elements.find((element) => element.name === name);
    expect(child("id")?.text).toBe("https://harbordesk.example/blog/");
    expect(child("title")?.text).toBe("Harbor Desk blog");
    const self = elements.find((e) => e.name === "link" && e.attributes.rel === "self");
    expect(self?.attributes.href).toBe("https://harbordesk.example/blog/feed.xml");

    const entries = elements.filter((element) => element.name === "entry");
    expect(entries).toHaveLength(Math.min(FEED_ENTRIES, content.posts.length));
    const newest = content.posts[0];
    const entryTexts = (name: string) =>
      elements.filter((element) => element.name === name).map((element) => element.text);
    expect(entryTexts("title")[1]).toBe(newest?.frontMatter.title);
    // Every entry has the elements RFC 4287 requires: id, title, updated, and an author.
    expect(entryTexts("id")).toHaveLength(entries.length + 1);
    expect(entryTexts("updated")).toHaveLength(entries.length + 1);
    expect(entryTexts("name")).toContain("Priya Raman");
    // The feed changed when an entry last did: an older post's revision is later than the
    // newest post here, and that entry says when it was published and when it changed.
    expect(newest?.frontMatter.date).toBe("2026-11-17");
    expect(entryTexts("updated")[0]).toBe("2026-11-24T00:00:00Z");
    const revised = entries.findIndex((entry) =>
      elements
        .slice(elements.indexOf(entry))
        .find((element) => element.name === "title")
        ?.text.startsWith("Routing rules"),
    );
    expect(revised).toBeGreaterThan(0);
    expect(entryTexts("published")[revised]).toBe("2026-09-08T00:00:00Z");
    expect(entryTexts("updated")[revised + 1]).toBe("2026-11-24T00:00:00Z");
    expect(entryTexts("updated")[1]).toBe(`${newest?.frontMatter.date}T00:00:00Z`);
    const content0 = elements.find((element) => element.name === "content");
    expect(content0?.attributes.type).toBe("html");
    // Escaped once in the XML, the content is the post's HTML after parsing.
    expect(content0?.text).toMatch(/^<p>/);
    expect(content0?.text).toContain("<h2 id=");
  });
});

describe("list routes", () => {
  it("paginates a category with previous/next links in page data and head", async () => {
    const posts: Record<string, string> = {};
    for (let i = 1; i <= 14; i++) {
      const day = String(i).padStart(2, "0");
      posts[`posts/extra-${i}.md`] = post(
        `title: "Extra ${i}"\ndescription: "d"\ndate: "2025-01-${day}"\nauthor: daniel-achebe\ncategory: self-service`,
      );
    }
    const routes = buildRoutes(await loadContent(await contentFixture(posts)));
    const byPath = new Map(routes.map((route) => [route.path, route]));
    const first = byPath.get("/blog/category/self-service/");
    const second = byPath.get("/blog/category/self-service/page/2/");
    expect(first?.componentChunkName).toBe("template---blog-list");
    expect(first?.head.next).toBe("https://harbordesk.example/blog/category/self-service/page/2/");
    expect(first?.head.prev).toBeUndefined();
    expect(second?.head.prev).toBe("https://harbordesk.example/blog/category/self-service/");
    expect(second?.head.canonical).toBe(
      "https://harbordesk.example/blog/category/self-service/page/2/",
    );
    if (second?.componentChunkName !== "template---blog-list") throw new Error("no page 2");
    expect(second.data.category?.id).toBe("self-service");
    // 16 posts in the category: 12, then 4.
    expect(second.data.posts).toHaveLength(4);
    expect(second.data.pagination).toEqual({
      currentPage: 2,
      pageCount: 2,
      previousPath: "/blog/category/self-service/",
      nextPath: null,
    });
    expect(byPath.has("/blog/authors/daniel-achebe/page/2/")).toBe(true);
    // Later pages share the first page's Open Graph card: the list, not "page 2" of it.
    expect(first?.head.cardTitle).toBeUndefined();
    expect(second.head.title).toBe("Self-service, page 2 | Harbor Desk");
    expect(second.head.cardTitle).toBe("Self-service");
    expect(byPath.get("/blog/page/2/")?.head.cardTitle).toBe("Blog");
    const authorPage = byPath.get("/blog/authors/daniel-achebe/page/2/");
    expect(authorPage?.head.cardTitle).toBe("Daniel Achebe");
  });
});

describe("jobs", () => {
  const job = (extra: string) =>
    post(
      `title: "Support Engineer"\ndescription: "d"\nteam: Support\nlocation: "Remote, Europe"\ncountries: [DE]\nemploymentType: FULL_TIME\nsalary: { currency: EUR, min: 50000, max: 60000 }\ndatePosted: "2026-11-01"\n${extra}`,
      "## The work\n\nAnswering customers.",
    );

  it("an unknown application form fails naming the job file and the field", async () => {
    const dir = await contentFixture({ "jobs/typo.md": job("form: job-aplication") });
    const error = await failure(() => loadContent(dir));
    expect(error.file).toMatch(/jobs\/typo\.md$/);
    expect(error.message).toContain('field "form": expected one of');
    expect(error.message).toContain('got "job-aplication"');
  });

  it("a salary range upside down fails naming the field", async () => {
    const dir = await contentFixture({
      "jobs/odd.md": job("").replace("min: 50000, max: 60000", "min: 70000, max: 60000"),
    });
    const error = await failure(() => loadContent(dir));
    expect(error.message).toContain('field "salary.min": min must not exceed max');
  });

  it("an open job gets a page with its application form and JobPosting data", async () => {
    const content = await loadContent(
      await contentFixture({ "jobs/support-engineer.md": job("") }),
    );
    const route = buildRoutes(content).find(
      (candidate) => candidate.path === "/careers/jobs/support-engineer/",
    );
    if (route?.componentChunkName !== "template---job") throw new Error("no job page");
    const jobId = route.data.form.fieldGroups
      .flatMap((group) => group.alternative_fields)
      .find((field) => field.name === "job_id");
    expect(jobId?.defaultValue).toBe("support-engineer");
    expect(route.data.job.salary).toBe("€50,000–€60,000 a year");
    const [posting] = route.head.jsonLd ?? [];
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      title: "Support Engineer",
      datePosted: "2026-11-01",
      employmentType: "FULL_TIME",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: [{ "@type": "Country", name: "DE" }],
      baseSalary: {
        currency: "EUR",
        value: { minValue: 50000, maxValue: 60000, unitText: "YEAR" },
      },
      url: "https://harbordesk.example/careers/jobs/support-engineer/",
    });
    expect(String(posting?.description)).toContain("<h2");
    // The openings page lists it with the other open jobs.
    const openings = buildRoutes(content).find((candidate) => candidate.path === "/careers/jobs/");
    if (openings?.componentChunkName !== "template---company") throw new Error("no openings");
    expect(openings.data.openings?.map((opening) => opening.slug)).toContain("support-engineer");
  });

  it("a closed job builds no page and redirects (301) to the openings", async () => {
    const content = await loadContent(
      await contentFixture({ "jobs/filled.md": job("closed: true") }),
    );
    const routes = buildRoutes(content);
    expect(routes.some((route) => route.path === "/careers/jobs/filled/")).toBe(false);
    const openings = routes.find((route) => route.path === "/careers/jobs/");
    if (openings?.componentChunkName !== "template---company") throw new Error("no openings");
    expect(openings.data.openings?.map((opening) => opening.slug)).not.toContain("filled");
    const rules = redirectRules(siteRedirects(content));
    expect(rules).toContainEqual({
      from: "/careers/jobs/filled/",
      to: "/careers/jobs/",
      status: 301,
    });
  });
});

describe("resources", () => {
  const resource = (extra: string) =>
    post(
      `title: "Guide"\ndescription: "d"\nkind: ebook\ndate: "2026-11-01"\nimage: { src: illustrations/reporting.svg, alt: "A report" }\nhighlights: ["One", "Two"]\ndownload: { file: /downloads/guide.pdf, format: "PDF" }\n${extra}`,
    );

  it("an unknown gating form or related post fails naming the file and the field", async () => {
    const form = await contentFixture({ "resources/guide.md": resource("form: download") });
    const formError = await failure(() => loadContent(form));
    expect(formError.file).toMatch(/resources\/guide\.md$/);
    expect(formError.message).toContain('field "form": expected one of');
    const related = await contentFixture({
      "resources/guide.md": resource("form: resource-download\nrelated: [no-such-post]"),
    });
    const relatedError = await failure(() => loadContent(related));
    expect(relatedError.message).toContain('field "related[0]"');
    expect(relatedError.message).toContain('got "no-such-post"');
  });

  it("a download missing from static/ is a broken link naming the resource", async () => {
    const content = await loadContent(
      await contentFixture({ "resources/guide.md": resource("form: resource-download") }),
    );
    const broken = findBrokenLinks(collectContentLinks(content), buildRoutes(content), () => false);
    expect(broken).toContainEqual(
      expect.objectContaining({
        path: "/downloads/guide.pdf",
        file: expect.stringMatching(/resources\/guide\.md$/),
      }),
    );
  });
});

describe("company pages", () => {
  it("share a navigation in the set order, the openings page among them", async () => {
    const content = await loadContent(resolve(import.meta.dirname, "../../content"));
    expect(companyNav(content).map((link) => link.path)).toEqual([
      "/about/",
      "/careers/",
      "/careers/jobs/",
      "/press/",
      "/contact/",
    ]);
  });
});

describe("listKnown", () => {
  it("names every choice when there are few, and caps a long list with how many more", () => {
    expect(listKnown(["a", "b"])).toBe("a, b");
    expect(listKnown([])).toBe("(none defined)");
    const posts = Array.from({ length: 10_000 }, (_, i) => `post-${i}`);
    const listed = listKnown(posts);
    expect(listed).toMatch(/^post-0, post-1, .*post-11 … and 9988 more$/);
    expect(listed.length).toBeLessThan(200);
  });
});
