import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openOgNameMemory } from "./og-names.ts";

const work = mkdtempSync(join(tmpdir(), "hd-og-names-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const card = (title: string, section = "Blog") => ({
  title,
  section,
  siteName: "Harbor Desk",
  host: "harbordesk.example",
});

describe("the Open Graph name memory", () => {
  it("recalls what a build of the same code learned, and nothing for other code", async () => {
    const file = join(work, "same-code.json");
    const first = openOgNameMemory(file, "code-a");
    expect(first.recall(card("Shared inboxes"))).toBeUndefined();
    first.learn(card("Shared inboxes"), "0123456789abcdef.png");
    await first.save();

    expect(openOgNameMemory(file, "code-a").recall(card("Shared inboxes"))).toBe(
      "0123456789abcdef.png",
    );
    expect(openOgNameMemory(file, "code-a").recall(card("Shared inboxes", "Pricing"))).toBe(
      undefined,
    );
    expect(openOgNameMemory(file, "code-b").recall(card("Shared inboxes"))).toBeUndefined();
  });

  it("writes nothing when the build learned nothing new", async () => {
    const file = join(work, "nothing-new.json");
    await openOgNameMemory(file, "code-a").save();
    expect(existsSync(file)).toBe(false);

    const first = openOgNameMemory(file, "code-a");
    first.learn(card("Queues"), "aaaaaaaaaaaaaaaa.png");
    await first.save();
    // The same build again: the name recalled, drawn the same. Were it saved, the file would
    // be back.
    const again = openOgNameMemory(file, "code-a");
    expect(again.recall(card("Queues"))).toBe("aaaaaaaaaaaaaaaa.png");
    again.learn(card("Queues"), "aaaaaaaaaaaaaaaa.png");
    rmSync(file);
    await again.save();
    expect(existsSync(file)).toBe(false);
  });

  it("keys a card by its fields, so fields that run together never share a name", async () => {
    const file = join(work, "fields.json");
    const memory = openOgNameMemory(file, "code-a");
    memory.learn({ ...card("Saved"), section: "replies Blog" }, "1111111111111111.png");
    await memory.save();
    expect(openOgNameMemory(file, "code-a").recall(card("Saved replies"))).toBeUndefined();
  });

  it("is empty when its file is not valid", () => {
    const file = join(work, "broken.json");
    writeFileSync(file, "{ not json");
    expect(openOgNameMemory(file, "code-a").recall(card("Queues"))).toBeUndefined();
    writeFileSync(file, JSON.stringify({ code: "code-a", names: null }));
    expect(openOgNameMemory(file, "code-a").recall(card("Queues"))).toBeUndefined();
  });

  it("keeps only this build's names once it holds too many", async () => {
    const file = join(work, "full.json");
    const filling = openOgNameMemory(file, "code-a", { max: 3 });
    for (const title of ["A", "B", "C"]) filling.learn(card(title), `${title}.png`);
    await filling.save();

    const next = openOgNameMemory(file, "code-a", { max: 3 });
    expect(next.recall(card("A"))).toBe("A.png");
    next.learn(card("D"), "D.png");
    await next.save();

    const after = openOgNameMemory(file, "code-a", { max: 3 });
    expect(after.recall(card("A"))).toBe("A.png");
    expect(after.recall(card("D"))).toBe("D.png");
    expect(after.recall(card("B"))).toBeUndefined();
  });
});
