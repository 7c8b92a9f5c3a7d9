import { dirname, join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSite } from "./build-site.ts";
import { loadContent } from "./content.ts";
import {
  BrokenLinksError,
  collectContentLinks,
  findBrokenLinks,
  internalPath,
} from "./link-check.ts";
import { linksInMarkdown } from "./markdown-links.ts";
import { buildRoutes } from "./routes.ts";
import { contentFixture } from "./test-content.ts";

const routes = [
  { path: "/" },
  { path: "/pricing/" },
  { path: "/interview-builder/", matchPath: "/interview-builder/*" },
];
const none = () => false;

describe("internal link check", () => {
  it("reads inline, reference and raw HTML links from Markdown", () => {
    const markdown = [
      "See [pricing](/pricing/?plan=plus#faq) and [the demo](https://example.com/x).",
      "[ref]: /blog/",
      '<a href="/legal/">Legal</a> ![chart](/images/chart.svg)',
    ].join("\n");
    expect(linksInMarkdown(markdown)).toEqual([
      "/pricing/?plan=plus#faq",
      "/images/chart.svg",
      "/blog/",
      "/legal/",
    ]);
  });

  it("finds the links one matchAll of each pattern along the whole text would", () => {
    // The definition, each pattern run along every character: what the check did before it
    // looked for each kind's marker first.
    const everywhere = (text: string) =>
      [
        /\]\(\s*<?(\/[^)\s>]*)/g,
        /^\s{0,3}\[[^\]]+\]:\s*<?(\/\S*?)>?(?:\s|$)/gm,
        /\b(?:href|src)\s*=\s*["'](\/[^"']*)["']/g,
      ].flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
    const piece = fc.oneof(
      fc.constantFrom("](", "]:", "[a]", "[", "]", "(", ")", "/", "/x/", " ", "\n", "<", ">"),
      fc.constantFrom("\n[r]:", "[r]: ", "](/", '<a href="/'),
      fc.constantFrom('href="', "src='", "=", '"', "'", "href", " = "),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(linksInMarkdown(text)).toEqual(everywhere(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps only site paths, without query or hash", () => {
    expect(internalPath("/pricing/?a=1#b")).toBe("/pricing/");
    expect(internalPath("//cdn.example/x")).toBeNull();
    expect(internalPath("https://harbordesk.example/")).toBeNull();
    expect(internalPath("#contact-us")).toBeNull();
    expect(internalPath("mailto:help@harbordesk.example")).toBeNull();
  });

  it("accepts routes, match-path sub-paths, build files and static files", () => {
    const links = [
      { file: "a.md", href: "/pricing/#faq" },
      { file: "a.md", href: "/interview-builder/empathy/" },
      { file: "a.md", href: "/sitemap.xml" },
      { file: "a.md", href: "/images/x.svg" },
    ];
    expect(findBrokenLinks(links, routes, (path) => path === "/images/x.svg")).toEqual([]);
  });

  it("reports a link to a missing page with its file", () => {
    const broken = findBrokenLinks(
      [
        { file: "content/pages/a.md", href: "/pricng/?x=1" },
        { file: "content/pages/a.md", href: "/pricing" },
      ],
      routes,
      none,
    );
    expect(broken).toEqual([
      { file: "content/pages/a.md", href: "/pricng/?x=1", path: "/pricng/" },
      { file: "content/pages/a.md", href: "/pricing", path: "/pricing" },
    ]);
    expect(new BrokenLinksError(broken).message).toContain(
      "content/pages/a.md: /pricng/?x=1 (no page at /pricng/)",
    );
  });

  it("collects links from navigation, footer, sections, Markdown bodies and forms", async () => {
    const dir = await contentFixture({
      "navigation.json": JSON.stringify({ items: [{ title: "Nav", url: "/nav-missing/" }] }),
      "footer.json": JSON.stringify({
        columns: [
          {
            title: "C",
            items: [
              { title: "F", url: "/footer-missing/" },
              { title: "H", html: '<a href="/html-missing/">x</a>' },
            ],
          },
        ],
      }),
      "pages/sectioned.md": [
        "---",
        "title: Sectioned",
        "description: A page built from sections.",
        "sections:",
        "  - type: cta-band",
        "    heading: Go",
        "    ctas: [{ label: Go, href: /cta-missing/ }]",
        "  - type: rich-text",
        "    markdown: 'Read [this](/rich-missing/).'",
        "---",
        "Body [link](/body-missing/).",
      ].join("\n"),
      "forms/news.json": JSON.stringify({
        alternative_id: "news",
        name: "News",
        hubspotFormGuid: "2b8d4f6a-7c1e-4a3b-9d5f-6e7a8b9c0d12",
        fieldGroups: [
          { alternative_fields: [{ name: "email", label: "Email", fieldType: "email" }] },
        ],
        legalConsentOptions: { privacyText: 'Read our <a href="/privacy-missing/">policy</a>.' },
        redirectUrl: "/thanks-missing/",
      }),
    });
    const content = await loadContent(dir);
    // The real content's downloads live in static/downloads/; here only they exist.
    const downloads = (path: string) => path.startsWith("/downloads/");
    const broken = findBrokenLinks(collectContentLinks(content), buildRoutes(content), downloads);
    // The fixture also carries the real forms, whose links point at real pages it lacks.
    const planted = broken.filter((link) => link.path.endsWith("-missing/"));
    expect(planted.map((link) => link.path)).toEqual([
      "/nav-missing/",
      "/footer-missing/",
      "/html-missing/",
      "/cta-missing/",
      "/rich-missing/",
      "/body-missing/",
      "/privacy-missing/",
      "/thanks-missing/",
    ]);
  });

  it("fails the build on an internal link to a missing route, before bundling", async () => {
    const dir = await contentFixture({
      "pages/gone.md": "---\ntitle: Gone\ndescription: Gone.\n---\n[Gone](/no-such-page/)",
    });
    await expect(
      buildSite({ contentDir: dir, outDir: join(dirname(dir), "out"), compress: false }),
    ).rejects.toThrow(/pages\/gone\.md: \/no-such-page\/ \(no page at \/no-such-page\/\)/);
  });
});
