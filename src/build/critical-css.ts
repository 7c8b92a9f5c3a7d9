/**
 * The CSS a page's first response carries inline, so that its first screen paints from the HTML
 * alone: every rule of the site's stylesheet that can match an element of that page's
 * prerendered markup. The whole stylesheet still loads, without blocking the first paint, for
 * what the page renders later (open menus, client-side navigations).
 *
 * "Can match" is decided by class names, which is how Tailwind's utilities select: a selector is
 * kept when every class it requires appears in the page's `class` attributes. Selectors that
 * name no class (the base layer's element rules, `:root`, `*`) are always kept, and so are
 * the theme variables, `@font-face`, `@keyframes` and `@property` rules the kept rules need.
 * Styles of states no page is in when it first paints (print, hover, focus, press) stay out.
 * Otherwise the choice errs on the side of keeping a rule: a rule kept needlessly costs bytes,
 * a rule dropped wrongly would make the page shift when the whole stylesheet arrives.
 *
 * The stylesheet is indexed once per build (per worker). Each page then costs two regular-
 * expression scans of its HTML (class attributes, characters beyond ASCII); only a page shape
 * not seen before costs a pass over the index (most posts of a blog share one shape).
 */
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";

/** Alternatives: the rule is kept when one of these class lists is wholly on the page. `[]` matches always. */
type Requirement = readonly (readonly string[])[];

/** One custom property declared by a rule that declares nothing else (`:root{--x:…}`). */
interface Variable {
  name: string;
  text: string;
  /** The custom properties its value reads. */
  reads: readonly string[];
}

type Segment =
  | { kind: "open"; text: string }
  | { kind: "close" }
  | { kind: "always"; text: string }
  | { kind: "rule"; text: string; requires: Requirement }
  /** Tailwind's theme and its `--tw-*` defaults: only the variables the kept rules read are kept. */
  | { kind: "variables"; selector: string; variables: readonly Variable[]; requires: Requirement }
  /** `@property --name`: kept when a kept rule reads or sets that property. */
  | { kind: "property"; name: string; text: string }
  /** `@keyframes name`: kept when a kept rule names it. */
  | { kind: "keyframes"; name: string; text: string }
  /** `@font-face` with a `unicode-range`: kept when the page has a character in that range. */
  | { kind: "font-face"; ranges: readonly CodePointRange[]; text: string };

type CodePointRange = readonly [from: number, to: number];

/** At-rules kept whole: they select nothing, and the rules kept may depend on them. */
const KEPT_AT_RULES = new Set(["charset", "import"]);

const READS_VARIABLE = /var\(\s*(--[\w-]+)/g;

function variablesRead(text: string): string[] {
  return [...text.matchAll(READS_VARIABLE)].map((m) => m[1] as string);
}

/** The index just past the string, escape or bracketed group starting at `i` (a single character otherwise). */
function skipUnit(text: string, i: number): number {
  const char = text[i];
  if (char === "\\") {
    const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(i + 1));
    return i + 1 + (hex ? hex[0].length : 1);
  }
  if (char === '"' || char === "'") {
    let j = i + 1;
    while (j < text.length && text[j] !== char) j = text[j] === "\\" ? j + 2 : j + 1;
    return j + 1;
  }
  const close = char === "(" ? ")" : char === "[" ? "]" : undefined;
  if (close) {
    let j = i + 1;
    while (j < text.length && text[j] !== close) j = skipUnit(text, j);
    return j + 1;
  }
  return i + 1;
}

/** Splits a selector list at its top-level commas (not those escaped, quoted or in parentheses). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < list.length; ) {
    if (list[i] === ",") {
      parts.push(list.slice(start, i));
      start = i + 1;
      i += 1;
    } else {
      i = skipUnit(list, i);
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function unescapeCss(identifier: string): string {
  return identifier.replace(/\\([0-9a-fA-F]{1,6}) ?|\\([\s\S])/g, (_, hex, char) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  );
}

/** A character of a CSS identifier: a word character, a hyphen or anything beyond ASCII. */
const IDENTIFIER_CHAR = /[\w-]|[^\p{ASCII}]/u;

/** Pseudo-classes whose argument is a selector list that the element must match. */
const MATCHING_PSEUDOS = new Set(["is", "where", "matches", "-webkit-any", "has"]);

/**
 * The class names one selector (no top-level commas) requires of the page, unescaped. Classes
 * inside `:not()` are required absent, and those of an `:is()`/`:where()` list with
 * alternatives are not all required: both are left out. Strings and attribute values, where a
 * "." is no class, are skipped, and so are escaped characters (Tailwind's `\(`, `\,`, `\[`).
 */
export function requiredClasses(selector: string): string[] {
  const classes = new Set<string>();
  let i = 0;
  while (i < selector.length) {
    const char = selector[i] as string;
    if (char === ".") {
      let end = i + 1;
      while (end < selector.length) {
        if (selector[end] === "\\") end = skipUnit(selector, end);
        else if (IDENTIFIER_CHAR.test(selector[end] as string)) end += 1;
        else break;
      }
      if (end > i + 1) classes.add(unescapeCss(selector.slice(i + 1, end)));
      i = end;
    } else if (char === ":") {
      const name = /^:{1,2}([\w-]+)\(/.exec(selector.slice(i));
      if (!name) {
        i += 1;
        continue;
      }
      const open = i + name[0].length - 1;
      const after = skipUnit(selector, open);
      const inner = selector.slice(open + 1, after - 1);
      const pseudo = (name[1] as string).toLowerCase();
      if (MATCHING_PSEUDOS.has(pseudo)) {
        const alternatives = splitTopLevel(inner);
        if (alternatives.length === 1) for (const name of requiredClasses(inner)) classes.add(name);
      }
      i = after;
    } else {
      i = skipUnit(selector, i);
    }
  }
  return [...classes];
}

function requirementOf(rule: Rule): Requirement {
  return splitTopLevel(rule.selector).map(requiredClasses);
}

const isPrintMedia = (node: AtRule) =>
  node.name.toLowerCase() === "media" && node.params.trim().toLowerCase() === "print";

/** Pseudo-classes of states a page is not in when it first paints: pointer, focus, press. */
const INTERACTION_STATE = /:(?:hover|focus|focus-visible|focus-within|active)(?![\w-])/;

/** A selector list every member of which applies only in an interaction state. */
function onlyInInteraction(selector: string): boolean {
  return splitTopLevel(selector).every((member) => INTERACTION_STATE.test(member));
}

/** Styles no first screen shows: print media and interaction states (`:hover`, `:focus`…). */
const isLaterState = (node: ChildNode): boolean =>
  (node.type === "atrule" && isPrintMedia(node)) ||
  (node.type === "rule" && onlyInInteraction(node.selector));

/**
 * The rule without the styles of later states, top-level or nested in it (Tailwind writes
 * `print:` and `hover:` variants as `.print\:hidden{@media print{…}}` and
 * `.hover\:underline{&:hover{…}}`), or undefined when nothing else is left. The whole
 * stylesheet, linked right after the first paint, has them before anyone hovers or prints.
 */
function withoutLaterStates(rule: Rule): Rule | undefined {
  if (isLaterState(rule)) return undefined;
  let nested = false;
  rule.walk((node) => {
    if (isLaterState(node)) nested = true;
  });
  if (!nested) return rule;
  const copy = rule.clone();
  copy.walk((node) => {
    if (isLaterState(node)) node.remove();
  });
  // Remove what those leave empty, until nothing is (a parent empties after its child).
  for (let removed = true; removed; ) {
    removed = false;
    copy.walk((node) => {
      if (node.type !== "decl" && "nodes" in node && node.nodes?.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
  return copy.nodes.length > 0 ? copy : undefined;
}

function flatten(nodes: readonly ChildNode[], into: Segment[]): void {
  for (const child of nodes) {
    const node = child.type === "rule" ? withoutLaterStates(child) : child;
    if (node === undefined) continue;
    if (node.type === "rule") {
      const onlyVariables =
        node.nodes.length > 0 &&
        node.nodes.every((child) => child.type === "decl" && child.prop.startsWith("--"));
      if (onlyVariables) {
        const variables = node.nodes.map((child) => {
          const declaration = child as Declaration;
          const text = `${declaration.prop}:${declaration.value}${declaration.important ? "!important" : ""}`;
          return { name: declaration.prop, text, reads: variablesRead(declaration.value) };
        });
        into.push({
          kind: "variables",
          selector: node.selector,
          variables,
          requires: requirementOf(node),
        });
      } else {
        into.push({ kind: "rule", text: node.toString(), requires: requirementOf(node) });
      }
    } else if (node.type === "atrule") {
      flattenAtRule(node, into);
    }
    // Comments and stray declarations are left out.
  }
}

/** `U+0-FF, U+1F??, U+2000-206F` (a `unicode-range` value) → inclusive code point ranges. */
export function parseUnicodeRange(value: string): CodePointRange[] {
  return value.split(",").map((item) => {
    const [from = "", to] = item.trim().replace(/^U\+/i, "").split("-");
    if (to !== undefined)
      return [Number.parseInt(from, 16), Number.parseInt(to.replace(/^U\+/i, ""), 16)];
    return [
      Number.parseInt(from.replace(/\?/g, "0"), 16),
      Number.parseInt(from.replace(/\?/g, "F"), 16),
    ];
  });
}

function flattenAtRule(node: AtRule, into: Segment[]): void {
  if (node.name.toLowerCase() === "font-face") {
    let range: string | undefined;
    node.walkDecls("unicode-range", (declaration) => {
      range = declaration.value;
    });
    if (range === undefined) into.push({ kind: "always", text: node.toString() });
    else into.push({ kind: "font-face", ranges: parseUnicodeRange(range), text: node.toString() });
    return;
  }
  if (node.name.toLowerCase().endsWith("keyframes")) {
    into.push({ kind: "keyframes", name: node.params.trim(), text: node.toString() });
    return;
  }
  if (node.name.toLowerCase() === "property") {
    into.push({ kind: "property", name: node.params.trim(), text: node.toString() });
    return;
  }
  if (!node.nodes) {
    // A statement (`@layer a,b;`): postcss leaves its semicolon to the parent's formatting.
    into.push({ kind: "always", text: `${node.toString()};` });
    return;
  }
  if (isPrintMedia(node)) {
    // Print styles are for paper, not the first screen; the whole stylesheet has them well
    // before anyone prints (and <noscript> links it without JavaScript).
    return;
  }
  if (KEPT_AT_RULES.has(node.name.toLowerCase())) {
    into.push({ kind: "always", text: node.toString() });
    return;
  }
  into.push({ kind: "open", text: `@${node.name}${node.params ? ` ${node.params}` : ""}{` });
  flatten(node.nodes, into);
  into.push({ kind: "close" });
}

/** The distinct values of a page's HTML `class` attributes, as written (entities encoded). */
function classAttributeValues(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(CLASS_ATTRIBUTE), (match) => match[1] ?? ""));
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/**
 * A page's class attributes in document order, as one string: pages built from the same
 * markup give the same string, and it is made with one pass and no string per attribute.
 */
function classAttributeSequence(html: string): string {
  return html.match(CLASS_ATTRIBUTE)?.join("") ?? "";
}

function classesOf(attributeValues: Iterable<string>): Set<string> {
  const classes = new Set<string>();
  for (const written of attributeValues) {
    const value = written
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Every class name in a page's HTML `class` attributes. */
export function classesInHtml(html: string): Set<string> {
  return classesOf(classAttributeValues(html));
}

/**
 * The characters beyond ASCII in a page: written as they are, or as numeric references (the
 * prerender writes those beyond Latin-1 so, lib/node.ts). A regular expression, not a loop
 * over every character: that loop was a quarter of a render worker's time on a 10,000-post
 * build.
 */
function nonAsciiCharacters(html: string): Set<string> {
  const characters = new Set<string>();
  for (const [written, hex, decimal] of html.matchAll(NON_ASCII_CHARACTER)) {
    if (hex === undefined && decimal === undefined) characters.add(written);
    else {
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
      if (code > 0x7f && code <= 0x10ffff) characters.add(String.fromCodePoint(code));
    }
  }
  return characters;
}

// Not case-insensitive: under `iu`, a character that case-folds into ASCII (the Kelvin sign
// folds to "k") would not count as beyond it.
const NON_ASCII_CHARACTER = /[^\p{ASCII}]|&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));/gu;

function fontFaceNeeded(ranges: readonly CodePointRange[], codePoints: readonly number[]): boolean {
  // Every page has ASCII text.
  const covers = (code: number) => ranges.some(([from, to]) => code >= from && code <= to);
  return covers(0x41) || codePoints.some(covers);
}

function matches(requires: Requirement, classes: ReadonlySet<string>): boolean {
  return requires.some((alternative) => alternative.every((name) => classes.has(name)));
}

/** The custom properties the kept text reads, and those their values read in turn. */
function variablesNeeded(
  kept: readonly string[],
  variableSegments: readonly (readonly Variable[])[],
): Set<string> {
  const byName = new Map<string, Variable[]>();
  for (const variables of variableSegments) {
    for (const variable of variables) {
      byName.set(variable.name, [...(byName.get(variable.name) ?? []), variable]);
    }
  }
  const needed = new Set<string>();
  const pending = kept.flatMap(variablesRead);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (needed.has(name)) continue;
    needed.add(name);
    for (const variable of byName.get(name) ?? []) pending.push(...variable.reads);
  }
  return needed;
}

function select(
  segments: readonly Segment[],
  classes: ReadonlySet<string>,
  fontFaces: ReadonlySet<Segment>,
): string {
  // First the rules that can match, then the variables and @property rules they need.
  const kept = segments.filter((segment) =>
    segment.kind !== "rule" && segment.kind !== "variables"
      ? true
      : matches(segment.requires, classes),
  );
  const ruleTexts = kept.flatMap((segment) =>
    segment.kind === "rule" || segment.kind === "always" ? [segment.text] : [],
  );
  const variableSegments = kept.flatMap((segment) =>
    segment.kind === "variables" ? [segment.variables] : [],
  );
  const needed = variablesNeeded(ruleTexts, variableSegments);
  // The kept rules searched as one text, NUL between them: no name or pattern below can match
  // across it. Searching them rule by rule, once for each @property, made picking the CSS of
  // the site's 132 pages take 100-110 ms instead of 71-73 (the build's own thread does this).
  const keptText = ruleTexts.join("\u0000");
  // A rule that sets a `--tw-*` property (without reading it) needs its @property too.
  const setsProperty = (name: string) => keptText.includes(`${name}:`);

  // One entry per open at-rule: its text and what has been kept inside it so far.
  const stack: { open: string; body: string }[] = [{ open: "", body: "" }];
  for (const segment of kept) {
    const top = stack[stack.length - 1] as { open: string; body: string };
    if (segment.kind === "open") stack.push({ open: segment.text, body: "" });
    else if (segment.kind === "close") {
      const done = stack.pop() as { open: string; body: string };
      // An at-rule that keeps nothing is left out.
      if (done.body)
        (stack[stack.length - 1] as { body: string }).body += `${done.open}${done.body}}`;
    } else if (segment.kind === "variables") {
      const declarations = segment.variables.filter((variable) => needed.has(variable.name));
      if (declarations.length > 0) {
        top.body += `${segment.selector}{${declarations.map((variable) => variable.text).join(";")}}`;
      }
    } else if (segment.kind === "property") {
      if (needed.has(segment.name) || setsProperty(segment.name)) top.body += segment.text;
    } else if (segment.kind === "keyframes") {
      if (new RegExp(`[\\s:,]${segment.name}[\\s;,}!]`).test(keptText)) {
        top.body += segment.text;
      }
    } else if (segment.kind === "font-face") {
      if (fontFaces.has(segment)) top.body += segment.text;
    } else {
      top.body += segment.text;
    }
  }
  return (stack[0] as { body: string }).body;
}

/**
 * Text safe inside a <style> element: a "</style" in the CSS would end it. (postcss escapes it
 * in what it prints; the variables are assembled here from declaration values.)
 */
function safeForStyleElement(css: string): string {
  return css.replace(/<\/(style)/gi, "<\\/$1");
}

/** Page shapes remembered: a site whose every page differs must not keep them all. */
const MAX_PAGE_SHAPES = 1000;

/**
 * A page as its critical CSS is looked up: the answer depends on its markup's class attributes
 * and its characters beyond ASCII (they choose font faces), and pages of one template share
 * them. Read once however many stylesheets the page links.
 */
export interface PageShape {
  html: string;
  /** One string: comparing it with the page before's costs a memory compare. */
  key: string;
  /** Whether `key` tells pages with different characters beyond ASCII apart. */
  keysCharacters: boolean;
}

/**
 * The shape of a page, keyed by the class attributes as written, in document order, and the
 * characters beyond ASCII of `keySource`: the HTML itself, or a string the caller vouches
 * differs between pages whenever those of their HTML differ (a skeleton of the markup without
 * its fixed regions, src/shell/node.ts), cheaper to read.
 *
 * `keyCharacters: false` leaves the characters out, for stylesheets without font faces
 * (`CriticalCss.readsCharacters`): finding them was 12 µs of a blog post's 15 KB skeleton,
 * 0.19 s of CPU in a 10,000-post build whose stylesheet has none. A picker that does read them
 * reads them from the page's HTML when given such a shape.
 */
export function pageShapeOf(
  html: string,
  keySource: string = html,
  keyCharacters = true,
): PageShape {
  // A set of the values, sorted, was 10 % of a render worker's time; the sequence as written
  // is one pass and no string per attribute.
  const characters = keyCharacters ? [...nonAsciiCharacters(keySource)].sort().join("") : "";
  return {
    html,
    key: `${classAttributeSequence(keySource)}\u0000${characters}`,
    keysCharacters: keyCharacters,
  };
}

/** A stylesheet's critical-CSS picker (`createCriticalCss`). */
export interface CriticalCss {
  (page: string | PageShape): string;
  /** Whether its answer depends on the characters of a page (it has font faces). */
  readonly readsCharacters: boolean;
}

/**
 * Indexes a stylesheet once; the function it returns gives a page's critical CSS from its HTML
 * or, cheaper when several stylesheets pick from one page, from its shape.
 */
export function createCriticalCss(stylesheet: string): CriticalCss {
  const segments: Segment[] = [];
  flatten(postcss.parse(stylesheet).nodes, segments);
  const fontFaces = segments.filter((segment) => segment.kind === "font-face");
  const byPageShape = new Map<string, string>();
  const bySequence = new Map<string, string>();
  let previous = { key: "", css: "" };
  const readsCharacters = fontFaces.length > 0;
  const pick = (page: string | PageShape): string => {
    const { html, key: sequenceKey } =
      typeof page === "string" || (readsCharacters && !page.keysCharacters)
        ? pageShapeOf(typeof page === "string" ? page : page.html)
        : page;
    // Pages come in runs of one template (the posts of a blog): comparing with the page
    // before costs a memory compare, where a map lookup hashes the whole key.
    if (sequenceKey === previous.key) return previous.css;
    let css = bySequence.get(sequenceKey);
    if (css !== undefined) {
      previous = { key: sequenceKey, css };
      return css;
    }
    // A new shape: read from the whole HTML. Characters only choose font faces: a stylesheet
    // without any keys on classes alone.
    const characters = fontFaces.length > 0 ? nonAsciiCharacters(html) : new Set<string>();
    const characterKey = [...characters].sort().join("");
    const attributeValues = classAttributeValues(html);
    const key = `${[...attributeValues].sort().join("\n")}\u0000${characterKey}`;
    css = byPageShape.get(key);
    if (css === undefined) {
      const codePoints = Array.from(characters, (char) => char.codePointAt(0) as number);
      const faces = new Set<Segment>(
        fontFaces.filter((face) => fontFaceNeeded(face.ranges, codePoints)),
      );
      css = safeForStyleElement(select(segments, classesOf(attributeValues), faces));
      if (byPageShape.size >= MAX_PAGE_SHAPES) byPageShape.clear();
      byPageShape.set(key, css);
    }
    if (bySequence.size >= MAX_PAGE_SHAPES) bySequence.clear();
    bySequence.set(sequenceKey, css);
    previous = { key: sequenceKey, css };
    return css;
  };
  return Object.assign(pick, { readsCharacters });
}
