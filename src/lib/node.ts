/**
 * Helpers for Node code only (the build and the server bundle): they use Node's Buffer and V8.
 *
 * V8 keeps a string one byte a character when it was made from Latin-1 characters only, two
 * bytes otherwise; a slice or a concatenation keeps the storage of its widest part. One "—" in
 * a Markdown file makes every title and description read from that file two-byte, and so the
 * page data and every page that shows them. A two-byte page takes three times as long to write
 * as UTF-8 (measured: 0.085 against 0.026 ms for 55 KB) and longer to scan.
 */
import { isStringOneByteRepresentation } from "node:v8";

export { keepNewestEntries, temporaryEntryName } from "./newest-entries.ts";
export { writeFileWhole } from "./whole-file.ts";

/** The same text, stored one byte a character when every character is Latin-1. */
export function oneBytePerCharacterWhenPossible(text: string): string {
  if (isStringOneByteRepresentation(text) || /[\u0100-\uffff]/.test(text)) return text;
  return Buffer.from(text, "latin1").toString("latin1");
}

/**
 * A UTF-16 code unit beyond Latin-1, each half of a surrogate pair apart. Not a `u` expression
 * matching whole characters: on a list page's 25 KB of two-byte markup that took 162 µs,
 * this 36 µs.
 */
const UNIT_BEYOND_LATIN1 = /[\u0100-\uffff]/g;
/** Elements whose content the HTML parser reads as written, character references included. */
const RAW_TEXT_ELEMENT = /<(?:script|style)[\s>/]/i;

/**
 * HTML markup stored one byte a character: every character beyond Latin-1 written as a
 * numeric character reference ("—" as "&#x2014;"), which the parser reads back as that
 * character in text and attribute values alike, so the page shows and hydrates the same. One
 * "—" or "→" in a page otherwise makes all of it two-byte, three times as slow to write.
 * Markup with a <script> or <style> element, whose content the parser does not decode, is
 * only made one byte a character where it can be.
 */
export function oneByteMarkup(html: string): string {
  if (isStringOneByteRepresentation(html) || RAW_TEXT_ELEMENT.test(html)) {
    return oneBytePerCharacterWhenPossible(html);
  }
  // A character beyond U+FFFF is a surrogate pair: one reference for both halves.
  let lowHalfAt = -1;
  return oneBytePerCharacterWhenPossible(
    html.replace(UNIT_BEYOND_LATIN1, (_unit, at: number) => {
      if (at === lowHalfAt) return "";
      const code = html.codePointAt(at) as number;
      if (code > 0xffff) lowHalfAt = at + 1;
      return `&#x${code.toString(16)};`;
    }),
  );
}

/**
 * JSON stored one byte a character: every code unit beyond Latin-1 written as a `\u` escape,
 * which JSON.parse reads back as the same string. Outside its strings JSON is ASCII.
 */
export function oneByteJson(json: string): string {
  if (isStringOneByteRepresentation(json)) return json;
  return oneBytePerCharacterWhenPossible(
    json.replace(
      UNIT_BEYOND_LATIN1,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ),
  );
}

/**
 * Every string in a tree of plain objects and arrays made one byte a character where it can
 * be, in place; the tree is returned.
 */
export function compactStringsInPlace<T>(tree: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const item = node[index];
        if (typeof item === "string") node[index] = oneBytePerCharacterWhenPossible(item);
        else visit(item);
      }
    } else if (typeof node === "object" && node !== null && isPlainObject(node)) {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const value = record[key];
        if (typeof value === "string") record[key] = oneBytePerCharacterWhenPossible(value);
        else visit(value);
      }
    }
  };
  visit(tree);
  return tree;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
