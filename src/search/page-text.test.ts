import { describe, expect, it } from "vitest";
import { excerptTextOf, textOfHtml } from "./page-text.ts";

describe("textOfHtml", () => {
  it("keeps the words a reader sees, ending them at block tags and not at inline ones", () => {
    expect(
      textOfHtml(
        "<h2 id=\"why\">Why</h2><p>Route by <strong>skill</strong>, not by <a href='/x/'>luck</a>.</p><ul><li>One</li><li>Two</li></ul>",
      ),
    ).toBe("Why Route by skill, not by luck. One Two");
    expect(textOfHtml("<p>Sup<em>port</em></p><p>queue</p>")).toBe("Support queue");
  });

  it("decodes the entities an escaper writes and leaves unknown ones as they are", () => {
    expect(
      textOfHtml("<p>SLAs &amp; CSAT &lt;90% &quot;ok&quot; &#39;a&#39; &#x2014; &#8212;</p>"),
    ).toBe("SLAs & CSAT <90% \"ok\" 'a' — —");
    expect(textOfHtml("<p>&copy; &#0; &#x110000;</p>")).toBe("&copy; &#0; &#x110000;");
    expect(textOfHtml("a&nbsp;b")).toBe("a b");
  });

  it("drops what is not page text: scripts, styles, templates, drawings and comments", () => {
    expect(
      textOfHtml(
        '<p>Before</p><script>alert("x")</script><style>p{}</style><svg><title>Icon</title></svg><template><p>Later</p></template><!-- a note --><p>After</p>',
      ),
    ).toBe("Before After");
  });
});

describe("excerptTextOf", () => {
  const pageData = (data: unknown, description?: string) => ({
    componentChunkName: "template---blog-post",
    path: "/blog/x/",
    result: { data, pageContext: { head: { title: "X", description } } },
    staticQueryHashes: [],
  });

  it("reads every rendered Markdown field of the page's data, in order", () => {
    const data = {
      post: { title: "Escalations", html: "<p>Escalate early.</p>", tags: ["sla"] },
      sections: [{ html: "<p>Then follow up.</p>" }, { heading: "No body" }],
      related: [{ title: "Other post", summary: "Not this page's text." }],
    };
    expect(excerptTextOf(pageData(data, "About escalations"))).toBe(
      "Escalate early. Then follow up.",
    );
  });

  it("reads the description and the prose of the data when the template writes the page's text", () => {
    const guide = {
      role: {
        id: "support-agent",
        title: "Support agent",
        guidePath: "/interview-guides/support-agent/",
        summary: "Hire for   empathy.",
      },
      questions: [
        { id: "refund-angry", text: "A customer wants a refund you cannot give.", minutes: 10 },
      ],
      links: ["https://example.com/a b", "#top of page"],
    };
    // The questions are what a visitor searched for: the excerpt can show them highlighted.
    expect(excerptTextOf(pageData(guide, "How to interview a support agent"))).toBe(
      "How to interview a support agent Support agent Hire for empathy. A customer wants a refund you cannot give.",
    );
    expect(excerptTextOf(pageData({ role: { id: "x", title: "Agent" } }))).toBe("");
  });

  it("answers nothing for something that is not page data", () => {
    expect(excerptTextOf(null)).toBe("");
    expect(excerptTextOf("<html>")).toBe("");
    expect(excerptTextOf({ result: { data: { post: { html: 42 } } } })).toBe("");
  });
});
