import { normalizePathname } from "../protocol/index.ts";
import type { PageContext } from "../runtime/index.ts";
import {
  FOOTER_HIDDEN_PATHS,
  FOOTER_SMALL_PATHS,
  LOGIN_INSTEAD_OF_DEMO_PATHS,
  STATIC_HEADER_PATHS,
  SUB_PATH_PAGES,
} from "./constants.ts";

/**
 * Path-dependent shell behaviour (spec §2) that the hydrated shell needs. Pure: paths in,
 * decisions out. The CTA bar's and the path tags' rules are in deferred-rules.ts.
 */

/**
 * `/pricing` → `/pricing/`: the spec writes some paths without their trailing slash, and a
 * visitor may type either. The protocol's one normalisation (file-like paths such as the
 * error pages keep their shape; query and hash are dropped).
 */
export const normalizePath = normalizePathname;

/** Exact match, or for a pattern ending in `/*`: the prefix itself and everything under it. */
export function matchesPathPattern(path: string, pattern: string): boolean {
  const normalized = normalizePath(path);
  if (pattern.endsWith("*")) return normalized.startsWith(normalizePath(pattern.slice(0, -1)));
  return normalized === normalizePath(pattern);
}

export function matchesAnyPath(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesPathPattern(path, pattern));
}

/**
 * The path whose rules apply: a sub-path of a page in SUB_PATH_PAGES (a shared interview at
 * `/interview-builder/support-team-lead/…`) follows that page; any other path itself.
 */
export function shellRulePath(path: string): string {
  const normalized = normalizePath(path);
  return SUB_PATH_PAGES.find((page) => normalized.startsWith(page)) ?? normalized;
}

export function showsLoginInsteadOfDemo(path: string): boolean {
  return matchesAnyPath(path, LOGIN_INSTEAD_OF_DEMO_PATHS);
}

export type FooterMode = "full" | "small" | "hidden";

export function footerMode(path: string): FooterMode {
  const rulePath = shellRulePath(path);
  if (matchesAnyPath(rulePath, FOOTER_HIDDEN_PATHS)) return "hidden";
  if (matchesAnyPath(rulePath, FOOTER_SMALL_PATHS)) return "small";
  return "full";
}

export function isStaticHeader(path: string, pageContext: PageContext | null | undefined): boolean {
  return (
    pageContext?.staticHeader === true || matchesAnyPath(shellRulePath(path), STATIC_HEADER_PATHS)
  );
}
