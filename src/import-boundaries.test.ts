/**
 * The folder rule: each folder under src/ (and server/ as a whole) exposes its public surface
 * from its index.ts, and code in another folder imports that file only, never past it.
 * A folder whose pure surface must stay free of Node may add a second, Node-only entry,
 * node.ts (src/forms/node.ts reads form files), imported only by Node code.
 * The protocol module is pure: it imports nothing outside itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const SCANNED = ["src", "server"];
const SOURCE = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.tsx?$/;
/** This file: its examples below are strings, not imports. */
const SELF = "src/import-boundaries.test.ts";
/** Static and dynamic imports and re-exports: `from "x"`, `import "x"`, `import("x")`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The files another folder may import: the public surface, and a Node-only surface. */
const ENTRY_FILES = ["index.ts", "index.tsx", "node.ts"];

/**
 * The folder a file belongs to: `src/<name>` for source, `server` for the server. Each tool
 * under src/tools/ (staffing, interview…) is a folder of its own with its own index.ts.
 */
function unitOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "src" && parts[1] === "tools" && parts.length > 3)
    return `src/tools/${parts[2]}`;
  if (parts[0] === "src" && parts.length > 2) return `src/${parts[1]}`;
  return parts[0] ?? file;
}

function importSpecifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[1] as string);
}

/** `"<file> imports <target>"` for every relative import that reaches past another folder's index.ts. */
function boundaryViolations(files: ReadonlyMap<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of files) {
    const unit = unitOf(file);
    // Tests may use their runner; the protocol's own code may not use anything.
    const mustBePure = unit === "src/protocol" && !TEST_FILE.test(file);
    for (const specifier of importSpecifiers(source)) {
      if (!specifier.startsWith(".")) {
        if (mustBePure) violations.push(`${file} imports ${specifier} (protocol must stay pure)`);
        continue;
      }
      const target = join(dirname(file), specifier).split(sep).join("/");
      const targetUnit = unitOf(target);
      if (targetUnit === unit || !SCANNED.includes(target.split("/")[0] ?? "")) continue;
      if (mustBePure) {
        violations.push(`${file} imports ${target} (protocol must stay pure)`);
      } else if (!ENTRY_FILES.some((entry) => target === `${targetUnit}/${entry}`)) {
        violations.push(`${file} imports ${target}; import ${targetUnit}/index.ts instead`);
      }
    }
  }
  return violations;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

describe("import boundaries", () => {
  it("no file in src/ or server/ imports past another folder's index.ts", () => {
    const files = new Map(
      SCANNED.flatMap(sourceFiles)
        .filter((file) => file !== SELF)
        .map((file) => [file, readFileSync(join(ROOT, file), "utf8")]),
    );
    expect(files.size).toBeGreaterThan(50);
    expect(boundaryViolations(files)).toEqual([]);
  });

  it("flags a deep import, a pure-protocol breach, and lets entry files and own files through", () => {
    const files = new Map([
      ["src/build/a.ts", 'import { PageLoader } from "../runtime/loader.ts";'],
      ["src/build/b.ts", 'import type {\n  Link,\n} from "../runtime/index.ts";'],
      ["src/build/c.ts", 'export { x } from "./d.ts";\nconst m = await import("../site/x.ts");'],
      ["src/protocol/e.ts", 'import { readFile } from "node:fs";'],
      ["server/f.ts", 'import { g } from "./testing/g.ts";\nimport "../src/protocol/index.ts";'],
    ]);
    expect(boundaryViolations(files)).toEqual([
      "src/build/a.ts imports src/runtime/loader.ts; import src/runtime/index.ts instead",
      "src/build/c.ts imports src/site/x.ts; import src/site/index.ts instead",
      "src/protocol/e.ts imports node:fs (protocol must stay pure)",
    ]);
  });

  it("keeps relative() free of surprises for the scanned roots", () => {
    expect(relative(ROOT, join(ROOT, "src/protocol/index.ts"))).toBe("src/protocol/index.ts");
  });
});
