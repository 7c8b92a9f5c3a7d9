import { isStringOneByteRepresentation } from "node:v8";
import { decodeHTML } from "entities";
import { describe, expect, it } from "vitest";
import {
  compactStringsInPlace,
  oneByteJson,
  oneByteMarkup,
  oneBytePerCharacterWhenPossible,
} from "./node.ts";

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

describe("oneByteMarkup", () => {
  const wide = '<h1 title="Queue health — a checklist">Blog — page 2 → next 🙂 café</h1>';

  it("writes characters beyond Latin-1 as references the parser reads back, one byte each", () => {
    const markup = oneByteMarkup(wide);
    expect(isStringOneByteRepresentation(markup)).toBe(true);
    expect(markup).toBe(
      '<h1 title="Queue health &#x2014; a checklist">Blog &#x2014; page 2 &#x2192; next &#x1f642; café</h1>',
    );
    expect(decodeHTML(markup)).toBe(wide);
  });

  it("leaves the content of script and style elements as written", () => {
    const withScript = `<p>→</p><script type="application/json">{"a":"→"}</script>`;
    expect(oneByteMarkup(withScript)).toBe(withScript);
    const latin1WithStyle = `${asciiSlice}<style>p{color:red}</style>`;
    expect(isStringOneByteRepresentation(oneByteMarkup(latin1WithStyle))).toBe(true);
  });

  it("writes a character beyond U+FFFF as one reference, and a lone surrogate as its own", () => {
    expect(oneByteMarkup("<p>🙂🙂 x\ud83d y</p>")).toBe("<p>&#x1f642;&#x1f642; x&#xd83d; y</p>");
  });

  it("returns one-byte markup as it is", () => {
    expect(oneByteMarkup("<p>café</p>")).toBe("<p>café</p>");
  });
});

describe("oneByteJson", () => {
  it("escapes what is beyond Latin-1, one byte a character, and parses back the same", () => {
    const value = { title: "Queue health — a checklist", emoji: "🙂", latin1: "café", n: 3 };
    const json = oneByteJson(JSON.stringify(value));
    expect(isStringOneByteRepresentation(json)).toBe(true);
    expect(json).toContain("\\u2014");
    expect(json).toContain("café");
    expect(JSON.parse(json)).toEqual(value);
  });
});
