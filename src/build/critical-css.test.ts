import { describe, expect, it } from "vitest";
import {
  classesInHtml,
  createCriticalCss,
  pageShapeOf,
  parseUnicodeRange,
  requiredClasses,
} from "./critical-css.ts";

describe("requiredClasses", () => {
  it("unescapes Tailwind's variant and fraction classes", () => {
    expect(requiredClasses(".md\\:grid-cols-2")).toEqual(["md:grid-cols-2"]);
    expect(requiredClasses(".w-1\\/2")).toEqual(["w-1/2"]);
    expect(requiredClasses(".\\31 0x")).toEqual(["10x"]);
  });

  it("requires every class of a compound and of its ancestors", () => {
    expect(requiredClasses(".card .title:hover")).toEqual(["card", "title"]);
    expect(requiredClasses(".group-hover\\:underline:is(:where(.group):hover *)")).toEqual([
      "group-hover:underline",
      "group",
    ]);
  });

  it("requires nothing a selector only excludes or offers as one alternative", () => {
    expect(requiredClasses(".a:not(.b)")).toEqual(["a"]);
    expect(requiredClasses(":is(.dark, .contrast) .c")).toEqual(["c"]);
  });

  it("ignores dots in strings and attribute values", () => {
    expect(requiredClasses('[data-file="a.b"] .c')).toEqual(["c"]);
    expect(requiredClasses("a[href$='.pdf']")).toEqual([]);
  });
});

describe("classesInHtml", () => {
  it("reads every class attribute, entities decoded", () => {
    const html = '<div class="a  b"><svg class="icon"></svg><p class="x&amp;y" data-class="no">';
    expect([...classesInHtml(html)].sort()).toEqual(["a", "b", "icon", "x&y"]);
  });
});

describe("parseUnicodeRange", () => {
  it("reads single points, ranges and wildcards", () => {
    expect(parseUnicodeRange("U+0-FF, U+131, U+1F??, U+2000-206F")).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x1f00, 0x1fff],
      [0x2000, 0x206f],
    ]);
  });
});

const STYLESHEET = [
  "@layer theme,base,utilities;",
  "@layer theme{:root,:host{--color-brand:#4176fa;--color-ink:#111;--shadow-color:var(--color-ink);--unused:1px}}",
  "@layer base{*,:before{box-sizing:border-box}body{margin:0}}",
  "@layer utilities{",
  ".text-brand{color:var(--color-brand)}",
  ".shadow{--tw-shadow:0 1px var(--shadow-color);box-shadow:var(--tw-shadow)}",
  ".hidden{display:none}",
  "@media (min-width:48rem){.md\\:flex{display:flex}.md\\:hidden{display:none}}",
  ".hover\\:underline{&:hover{@media (hover:hover){text-decoration-line:underline}}}",
  "}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  "@font-face{font-family:Inter;src:url(/latin.woff2);unicode-range:U+0-FF}",
  "@font-face{font-family:Inter;src:url(/cyrillic.woff2);unicode-range:U+400-45F}",
  "@font-face{font-family:Inter Fallback;src:local(Arial)}",
  "@keyframes spin{to{transform:rotate(1turn)}}",
].join("");

describe("createCriticalCss", () => {
  const critical = createCriticalCss(STYLESHEET);

  it("keeps the rules the page's classes can match, and the base rules, in their order", () => {
    const css = critical('<p class="text-brand md:flex hover:underline">Hi</p>');
    expect(css).toContain(".text-brand{color:var(--color-brand)}");
    expect(css).toContain("@media (min-width:48rem){.md\\:flex{display:flex}}");
    // Interaction states are for later: the whole stylesheet has them before anyone hovers.
    expect(css).not.toContain("hover\\:underline");
    expect(css).toContain("@layer base{*,:before{box-sizing:border-box}body{margin:0}}");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain(".md\\:hidden");
    expect(css.startsWith("@layer theme,base,utilities;@layer theme{")).toBe(true);
    expect(css.indexOf("@layer base{")).toBeLessThan(css.indexOf("@layer utilities{"));
  });

  it("keeps only the variables and @property rules the kept rules need", () => {
    const plain = critical('<p class="text-brand">Hi</p>');
    expect(plain).toContain(":root,:host{--color-brand:#4176fa}");
    expect(plain).not.toContain("--tw-shadow");
    expect(plain).not.toContain("--unused");
    const shadowed = critical('<p class="shadow">Hi</p>');
    // --shadow-color reads --color-ink: both come along.
    expect(shadowed).toContain(":root,:host{--color-ink:#111;--shadow-color:var(--color-ink)}");
    expect(shadowed).toContain("@property --tw-shadow{");
    expect(shadowed).not.toContain("@property --tw-blur");
  });

  it("leaves out print styles: the first screen is a screen", () => {
    const withPrint = createCriticalCss(".a{color:red}@media print{.a{display:none}}");
    expect(withPrint('<p class="a">')).toBe(".a{color:red}");
    const nested = createCriticalCss(
      ".print\\:hidden{@media print{display:none}}.b{color:red;@media print{color:black}}",
    );
    expect(nested('<p class="print:hidden b">')).toBe(".b{color:red}");
  });

  it("leaves out hover, focus and press states, top-level or nested", () => {
    const states = createCriticalCss(
      [
        ".a{color:red}",
        ".a:hover,.a:focus-visible{color:blue}",
        ".b:active{color:green}",
        ".c{color:red;&:hover{color:blue}}",
        ".d:focus-within,.d:first-child{color:red}",
        "@media (hover:hover){.a:hover{color:navy}}",
      ].join(""),
    );
    expect(states('<p class="a b c d">')).toBe(
      ".a{color:red}.c{color:red}.d:focus-within,.d:first-child{color:red}",
    );
  });

  it("leaves out an at-rule with nothing kept inside", () => {
    expect(critical('<p class="text-brand">Hi</p>')).not.toContain("@media");
  });

  it("keeps the font faces whose ranges the page's characters fall in", () => {
    const latin = critical('<p class="text-brand">Hello</p>');
    expect(latin).toContain("/latin.woff2");
    expect(latin).toContain("local(Arial)");
    expect(latin).not.toContain("/cyrillic.woff2");
    expect(critical('<p class="text-brand">Привет</p>')).toContain("/cyrillic.woff2");
  });

  it("keeps the keyframes a kept rule names, and never lets the CSS close its <style> element", () => {
    expect(critical("<p>x</p>")).not.toContain("@keyframes spin");
    const spinning = createCriticalCss(
      `${STYLESHEET}.animate-spin{animation:spin 1s linear infinite}`,
    );
    expect(spinning('<p class="animate-spin">x</p>')).toContain("@keyframes spin{");
    const hostile = createCriticalCss(
      ':root{--x:"</style><script>"}.a:after{content:var(--x)}.b:after{content:"</STYLE>"}',
    );
    const css = hostile('<p class="a b">');
    expect(css).toContain(".a:after");
    expect(css).toContain(".b:after");
    expect(css).not.toMatch(/<\/style/i);
  });

  it("gives the same answer for pages with the same classes and characters", () => {
    const html = '<p class="shadow md:flex">One</p>';
    expect(critical('<div class="md:flex shadow">Two</div>')).toBe(critical(html));
  });
});

describe("requiredClasses with Tailwind's arbitrary values", () => {
  it("reads escaped brackets, parentheses and commas as part of the class", () => {
    expect(requiredClasses(".l\\:grid-cols-\\[minmax\\(0\\,5fr\\)_minmax\\(0\\,6fr\\)\\]")).toEqual(
      ["l:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"],
    );
    expect(requiredClasses(".\\[mask\\:url\\(\\'a\\.svg\\'\\)\\] .b")).toEqual([
      "[mask:url('a.svg')]",
      "b",
    ]);
  });
});

describe("createCriticalCss's memo", () => {
  it("tells apart pages whose characters need another font face, with the same classes", () => {
    const critical = createCriticalCss(STYLESHEET);
    const latin = critical('<p class="text-brand">Hello</p>');
    const cyrillic = critical('<p class="text-brand">Привет</p>');
    expect(latin).not.toBe(cyrillic);
    // And back: the cyrillic answer is not reused for a page without those characters.
    expect(critical('<p class="text-brand">Bye</p>')).toBe(latin);
  });

  it("reads characters written as numeric references as those characters", () => {
    const reference = createCriticalCss(STYLESHEET)('<p class="text-brand">Привет</p>');
    const critical = createCriticalCss(STYLESHEET);
    // The prerender writes characters beyond Latin-1 as references (lib/node.ts).
    expect(critical('<p class="text-brand">&#x41f;&#1088;ивет</p>')).toBe(reference);
    expect(critical('<p class="text-brand">&#x41f;</p>')).not.toBe(
      critical('<p class="text-brand">Hello</p>'),
    );
    expect(critical('<p class="text-brand">&#X41F;</p>')).toBe(
      critical('<p class="text-brand">П</p>'),
    );
  });

  it("counts a character that case-folds into ASCII as beyond it", () => {
    const kelvin = createCriticalCss(
      ".a{color:red}@font-face{font-family:Sym;src:url(/sym.woff2);unicode-range:U+2100-214F}",
    );
    expect(kelvin('<p class="a">\u212a</p>')).toContain("sym.woff2");
    expect(kelvin('<p class="a">k</p>')).not.toContain("sym.woff2");
  });
});

describe("pageShapeOf", () => {
  it("gives every stylesheet the answer the page's HTML gives it, read once", () => {
    const pages = [
      '<p class="text-brand">Hello</p>',
      '<p class="text-brand">Привет</p>',
      '<div class="card"><p class="text-brand">Two classes</p></div>',
      "<p>No classes</p>",
    ];
    const stylesheets = [STYLESHEET, ".card{padding:1rem}.text-brand{color:red}"];
    for (const stylesheet of stylesheets) {
      const fromHtml = createCriticalCss(stylesheet);
      const fromShape = createCriticalCss(stylesheet);
      for (const html of pages) expect(fromShape(pageShapeOf(html))).toBe(fromHtml(html));
    }
  });

  it("keys pages by their class attributes in order and their characters beyond ASCII", () => {
    const key = (html: string) => pageShapeOf(html).key;
    expect(key('<p class="a">x</p><b class="b">y</b>')).toBe(
      key('<p class="a">z</p><i class="b">w</i>'),
    );
    expect(key('<p class="a">x</p><b class="b">y</b>')).not.toBe(
      key('<p class="b">x</p><b class="a">y</b>'),
    );
    expect(key('<p class="a">é</p>')).not.toBe(key('<p class="a">e</p>'));
  });

  it("leaves the characters out when asked, and a picker with font faces reads them itself", () => {
    const withoutCharacters = (html: string) => pageShapeOf(html, html, false);
    expect(withoutCharacters('<p class="a">é</p>').key).toBe(
      withoutCharacters('<p class="a">e</p>').key,
    );
    const withFaces = createCriticalCss(STYLESHEET);
    const withoutFaces = createCriticalCss(".card{padding:1rem}.text-brand{color:red}");
    expect(withFaces.readsCharacters).toBe(true);
    expect(withoutFaces.readsCharacters).toBe(false);
    const reference = createCriticalCss(STYLESHEET);
    // Latin first, then Cyrillic with the same classes: a key without characters would
    // otherwise hand the Cyrillic page the Latin page's font faces.
    for (const html of ['<p class="text-brand">Hello</p>', '<p class="text-brand">Привет</p>']) {
      expect(withFaces(withoutCharacters(html))).toBe(reference(html));
    }
  });
});
