import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerTempFolder } from "../../../tests/unit/temp-folder.ts";
import { openOgNameMemory } from "./og-names.ts";

const work = registerTempFolder("hd-og-names-", "all");

const card = (title: string, section = "Blog") => ({
  title,
  section,
  siteName: "Harbor Desk",
  host: "harbordesk.example",
});

describe("the Open Graph name memory", () => {
  it("recalls what a build of the same code learned, and nothing for other code", async () => {
    const dir = join(work(), "same-code");
    const first = openOgNameMemory(dir, "code-a");
    expect(first.recall(card("Shared inboxes"))).toBeUndefined();
    first.learn(card("Shared inboxes"), "0123456789abcdef.png");
    await first.save();

    expect(openOgNameMemory(dir, "code-a").recall(card("Shared inboxes"))).toBe(
      "0123456789abcdef.png",
    );
    expect(openOgNameMemory(dir, "code-a").recall(card("Shared inboxes", "Pricing"))).toBe(
      undefined,
    );
    expect(openOgNameMemory(dir, "code-b").recall(card("Shared inboxes"))).toBeUndefined();
  });

  it("writes nothing when the build learned nothing new", async () => {
    const dir = join(work(), "nothing-new");
    await openOgNameMemory(dir, "code-a").save();
    expect(existsSync(dir)).toBe(false);

    const first = openOgNameMemory(dir, "code-a");
    first.learn(card("Queues"), "aaaaaaaaaaaaaaaa.png");
    await first.save();
    // The same build again: the name recalled, drawn the same. Were it saved, the file would
    // be back.
    const again = openOgNameMemory(dir, "code-a");
    expect(again.recall(card("Queues"))).toBe("aaaaaaaaaaaaaaaa.png");
    again.learn(card("Queues"), "aaaaaaaaaaaaaaaa.png");
    rmSync(join(dir, "code-a.json"));
    await again.save();
    expect(existsSync(join(dir, "code-a.json"))).toBe(false);
  });

  it("keys a card by its fields, so fields that run together never share a name", async () => {
    const dir = join(work(), "fields");
    const memory = openOgNameMemory(dir, "code-a");
    memory.learn({ ...card("Saved"), section: "replies Blog" }, "1111111111111111.png");
    await memory.save();
    expect(openOgNameMemory(dir, "code-a").recall(card("Saved replies"))).toBeUndefined();
  });

  it("keeps the names of the newest three versions of the code", async () => {
    const dir = join(work(), "versions");
    for (const [age, code] of ["code-1", "code-2", "code-3", "code-4"].entries()) {
      const memory = openOgNameMemory(dir, code);
      memory.learn(card("Queues"), `${code}.png`);
      await memory.save();
      // Saved a minute apart, oldest first.
      const when = new Date(Date.now() - (10 - age) * 60_000);
      utimesSync(join(dir, `${code}.json`), when, when);
    }
    const last = openOgNameMemory(dir, "code-5");
    last.learn(card("Queues"), "code-5.png");
    await last.save();
    expect(readdirSync(dir).sort()).toEqual(["code-3.json", "code-4.json", "code-5.json"]);
    expect(openOgNameMemory(dir, "code-4").recall(card("Queues"))).toBe("code-4.png");
  });

  it("is empty when its file is not valid", () => {
    const dir = join(work(), "broken");
    mkdirSync(dir);
    writeFileSync(join(dir, "code-a.json"), "{ not json");
    expect(openOgNameMemory(dir, "code-a").recall(card("Queues"))).toBeUndefined();
    writeFileSync(join(dir, "code-a.json"), JSON.stringify({ code: "code-a", names: null }));
    expect(openOgNameMemory(dir, "code-a").recall(card("Queues"))).toBeUndefined();
  });

  it("keeps only this build's names once it holds too many", async () => {
    const dir = join(work(), "full");
    const filling = openOgNameMemory(dir, "code-a", { max: 3 });
    for (const title of ["A", "B", "C"]) filling.learn(card(title), `${title}.png`);
    await filling.save();

    const next = openOgNameMemory(dir, "code-a", { max: 3 });
    expect(next.recall(card("A"))).toBe("A.png");
    next.learn(card("D"), "D.png");
    await next.save();

    const after = openOgNameMemory(dir, "code-a", { max: 3 });
    expect(after.recall(card("A"))).toBe("A.png");
    expect(after.recall(card("D"))).toBe("D.png");
    expect(after.recall(card("B"))).toBeUndefined();
  });
});
