/**
 * The front matter most Markdown files have, read without a YAML parser: one `name: value` per
 * line, each value a double-quoted string without escapes, a single plain word, or a flow list
 * of plain words (`tags: [support, answer]`). js-yaml took 13 µs a post for that and this takes
 * 5: 85 ms of every build of 10,000 posts, on the build's own thread, before any page renders
 * (an incremental rebuild is that thread alone, and its budget is 2 s).
 *
 * Anything else, however ordinary for YAML (a comment, an unquoted date or number, an escape, a
 * nested mapping, a second space), answers null and the caller parses the block with js-yaml.
 * What is read here is what js-yaml reads (plain-yaml.test.ts holds it to that on the site's
 * content and on generated blocks), so a file never means two things.
 */

const FIELD = /^([A-Za-z][A-Za-z0-9_-]*): (.*)$/;
/**
 * Inside double quotes: printable characters but `"` and `\` (no escapes to read). A tab, a
 * control character, a non-character or a surrogate is left to js-yaml, which folds, refuses or
 * checks them by rules not worth repeating here.
 */
const QUOTED =
  /^"([\u0020\u0021\u0023-\u005b\u005d-\u007e\u00a0-\ud7ff\ue000-\ufefe\uff00-\ufffd]*)"$/;
/** A plain word that YAML's core schema reads as a string: it starts with a letter. */
const WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** The plain words the core schema reads as something else, spelled as it lists them. */
const NOT_A_STRING = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
const LIST = /^\[(.*)\]$/;

function word(text: string): string | null {
  return WORD.test(text) && !NOT_A_STRING.test(text) ? text : null;
}

function value(text: string): string | string[] | null {
  const quoted = QUOTED.exec(text);
  if (quoted) return quoted[1] as string;
  const list = LIST.exec(text);
  if (!list) return word(text);
  const inside = list[1] as string;
  if (inside === "") return [];
  const items: string[] = [];
  for (const item of inside.split(", ")) {
    const read = word(item);
    if (read === null) return null;
    items.push(read);
  }
  return items;
}

/**
 * The mapping a front-matter block holds when each of its lines is such a field (or empty), as
 * js-yaml reads it; null when the block needs a YAML parser.
 */
export function plainYamlMapping(block: string): Record<string, string | string[]> | null {
  const mapping: Record<string, string | string[]> = {};
  let fields = 0;
  for (const line of block.split("\n")) {
    if (line === "") continue;
    const field = FIELD.exec(line);
    if (!field) return null;
    const name = field[1] as string;
    // A name given twice is an error, which js-yaml reports.
    if (Object.hasOwn(mapping, name)) return null;
    const read = value(field[2] as string);
    if (read === null) return null;
    mapping[name] = read;
    fields += 1;
  }
  return fields > 0 ? mapping : null;
}
