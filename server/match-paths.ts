/**
 * Client-only routes: `match-paths.json` maps a URL pattern (`/interview-builder/*`) to the
 * page whose HTML answers every URL under it that has no file of its own.
 */
import { readFile, stat } from "node:fs/promises";

export interface MatchPathEntry {
  /** The page that owns the pattern, e.g. `/interview-builder/`. */
  path: string;
  /** Its pattern: literal segments, `:name` for one segment, a final `*` for any rest. */
  matchPath: string;
}

interface CompiledEntry extends MatchPathEntry {
  pattern: RegExp;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function compile(matchPath: string): RegExp {
  const segments = matchPath.split("/").filter((segment) => segment !== "");
  let source = "";
  segments.forEach((segment, index) => {
    if (segment === "*") {
      if (index !== segments.length - 1) throw new Error(`"*" must be last in ${matchPath}`);
      // Like @reach/router, `*` also matches nothing: `/a/*` covers `/a` and `/a/`.
      source += "(?:/.*)?";
    } else if (segment.startsWith(":")) {
      source += "/[^/]+";
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  });
  return new RegExp(`^${source}/?$`);
}

/** Validates the file's JSON; throws naming the entry at fault. */
export function parseMatchPaths(json: unknown, source = "match-paths.json"): MatchPathEntry[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array of {path, matchPath}`);
  return json.map((entry: unknown, index) => {
    const record = entry as Partial<Record<string, unknown>> | null;
    const path = record?.path;
    const matchPath = record?.matchPath;
    if (
      typeof path !== "string" ||
      typeof matchPath !== "string" ||
      !path.startsWith("/") ||
      !matchPath.startsWith("/")
    ) {
      throw new Error(
        `${source}[${index}]: expected {path: "/…", matchPath: "/…"}, got ${JSON.stringify(entry)}`,
      );
    }
    return { path, matchPath };
  });
}

function compileAll(entries: readonly MatchPathEntry[]): CompiledEntry[] {
  return entries.map((entry) => ({ ...entry, pattern: compile(entry.matchPath) }));
}

/** First entry, in file order, whose pattern matches; the build writes the most specific first. */
export function findMatchPath(
  entries: readonly MatchPathEntry[],
  pathname: string,
): MatchPathEntry | undefined {
  return compileAll(entries).find((entry) => entry.pattern.test(pathname));
}

/**
 * Reads the file lazily and again whenever its size or mtime changes, so a rebuild is picked
 * up without a restart. A missing file means no client-only routes; a malformed one throws
 * (the server answers 500 and logs why) rather than silently 404 those routes.
 */
export function createMatchPathStore(file: string): {
  find(pathname: string): Promise<MatchPathEntry | undefined>;
} {
  let cached: { key: string; entries: CompiledEntry[] } | undefined;

  async function load(): Promise<CompiledEntry[]> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    if (cached?.key === key) return cached.entries;
    const text = await readFile(file, "utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    const entries = compileAll(parseMatchPaths(json, file));
    cached = { key, entries };
    return entries;
  }

  return {
    async find(pathname) {
      const entries = await load();
      return entries.find((entry) => entry.pattern.test(pathname));
    },
  };
}
