import { setImmediate as turn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";
import { createMarkdownMemo } from "./markdown-memo.ts";

/** Lets the memo's turns run until it has nothing left to render ahead. */
async function settle() {
  for (let i = 0; i < 50; i++) await turn();
}

const bodies = Array.from(
  { length: 45 },
  (_, i) => `## Queue ${i}\n\nReply to *ticket ${i}* in [the inbox](/inbox/).`,
);

describe("Markdown rendered ahead", () => {
  it("gives each page what rendering its body gives", async () => {
    const memo = createMarkdownMemo();
    memo.prepare(bodies);
    await settle();
    for (const body of bodies) expect(memo.render(body)).toBe(renderMarkdown(body));
    expect(memo.counts).toEqual({ ahead: bodies.length, taken: bodies.length, rendered: 0 });
    // Taken once: the same body again is rendered with its page.
    expect(memo.render(bodies[0] as string)).toBe(renderMarkdown(bodies[0] as string));
    expect(memo.counts).toEqual({ ahead: bodies.length, taken: bodies.length, rendered: 1 });
  });

  it("renders a body once per time it was handed over, not once for every page with it", async () => {
    const calls: string[] = [];
    const memo = createMarkdownMemo((markdown) => {
      calls.push(markdown);
      return `<p>${markdown}</p>`;
    });
    memo.prepare(["same", "same", "other"]);
    await settle();
    expect(calls).toEqual(["same", "same", "other"]);
    expect([memo.render("same"), memo.render("same"), memo.render("same")]).toEqual([
      "<p>same</p>",
      "<p>same</p>",
      "<p>same</p>",
    ]);
    expect(memo.counts).toEqual({ ahead: 3, taken: 2, rendered: 1 });
  });

  it("renders a few bodies a turn, so messages are not held up, and stops when told", async () => {
    let rendered = 0;
    const memo = createMarkdownMemo((markdown) => {
      rendered += 1;
      return markdown;
    });
    memo.prepare(bodies);
    // Nothing before the first turn; then part of them, not all at once.
    expect(rendered).toBe(0);
    await turn();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(bodies.length);
    memo.stop();
    const stoppedAt = rendered;
    await settle();
    expect(rendered).toBe(stoppedAt);
    // What was rendered ahead is still there to take; the rest renders on demand.
    for (const body of bodies) memo.render(body);
    expect(memo.counts).toEqual({
      ahead: stoppedAt,
      taken: stoppedAt,
      rendered: bodies.length - stoppedAt,
    });
  });

  it("leaves a body rendered without heading ids to renderMarkdown", async () => {
    const memo = createMarkdownMemo();
    memo.prepare(bodies);
    await settle();
    const body = bodies[3] as string;
    expect(memo.render(body, { headingIds: false })).toBe(
      renderMarkdown(body, { headingIds: false }),
    );
    expect(memo.render(body, { headingIds: false })).not.toContain('id="queue-3"');
    expect(memo.render(body)).toContain('id="queue-3"');
    expect(memo.counts).toEqual({ ahead: bodies.length, taken: 1, rendered: 2 });
  });

  it("hands each turn's HTML on in the bodies' order, and keeps HTML offered from elsewhere", async () => {
    const turns: string[][] = [];
    const ahead = createMarkdownMemo(renderMarkdown, (html) => turns.push(html));
    ahead.prepare(bodies);
    await settle();
    // Every body's HTML once, in order, a few per turn.
    expect(turns.flat()).toEqual(bodies.map((body) => renderMarkdown(body)));
    expect(turns.length).toBeGreaterThan(1);

    // Another thread's memo, given that HTML, lets a page take it instead of rendering it.
    const calls: string[] = [];
    const elsewhere = createMarkdownMemo((markdown) => {
      calls.push(markdown);
      return renderMarkdown(markdown);
    });
    bodies.forEach((body, index) => {
      elsewhere.offer(body, turns.flat()[index] as string);
    });
    for (const body of bodies) expect(elsewhere.render(body)).toBe(renderMarkdown(body));
    expect(calls).toEqual([]);
    expect(elsewhere.counts).toEqual({ ahead: 0, taken: bodies.length, rendered: 0 });
    // Offered once, taken once.
    elsewhere.render(bodies[0] as string);
    expect(calls).toEqual([bodies[0]]);
  });
});
