import { isStringOneByteRepresentation } from "node:v8";
import { describe, expect, it } from "vitest";
import { compactStringsInPlace, oneBytePerCharacterWhenPossible } from "./node.ts";

// A slice of a string with a character beyond Latin-1 is stored two bytes a character.
const file = `title: Queue health — a checklist\n${"Assign every conversation an owner. ".repeat(4)}`;
const asciiSlice = file.slice(file.indexOf("Assign"));
const latin1Slice = `${file.slice(file.indexOf("Assign"), file.indexOf("owner"))}© 2026`;

describe("oneBytePerCharacterWhenPossible", () => {
  it("stores Latin-1 text one byte a character, its characters unchanged", () => {
    expect(isStringOneByteRepresentation(asciiSlice)).toBe(false);
    for (const text of [asciiSlice, latin1Slice]) {
      const compact = oneBytePerCharacterWhenPossible(text);
      expect(compact).toBe(text);
      expect(isStringOneByteRepresentation(compact)).toBe(true);
    }
  });

  it("leaves text with characters beyond Latin-1 as it is", () => {
    const wide = file.slice(0, 40);
    expect(oneBytePerCharacterWhenPossible(wide)).toBe(wide);
    expect(oneBytePerCharacterWhenPossible("emoji 🙂 ok")).toBe("emoji 🙂 ok");
  });
});

describe("compactStringsInPlace", () => {
  it("compacts the strings of nested objects and arrays and leaves other values alone", () => {
    const when = new Date(0);
    const tree = { title: asciiSlice, tags: [asciiSlice, 3], nested: { body: latin1Slice }, when };
    const result = compactStringsInPlace(tree);
    expect(result).toBe(tree);
    expect(isStringOneByteRepresentation(tree.title)).toBe(true);
    expect(isStringOneByteRepresentation(tree.tags[0] as string)).toBe(true);
    expect(isStringOneByteRepresentation(tree.nested.body)).toBe(true);
    expect(tree).toEqual({
      title: asciiSlice,
      tags: [asciiSlice, 3],
      nested: { body: latin1Slice },
      when,
    });
  });
});
