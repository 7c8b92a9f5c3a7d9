import { resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../../..");

/**
 * Sites the browser tests run against, built once per run by global-setup.ts into .build/.
 * `main` is the repository's own content; fixtures are small content folders under
 * tests/e2e/fixtures/ for states the real content never has (no navigation, no footer…).
 */
export const SITES = {
  main: {
    content: resolve(PROJECT_ROOT, "content"),
    out: resolve(PROJECT_ROOT, ".build/e2e/main"),
  },
  bare: {
    content: resolve(PROJECT_ROOT, "tests/e2e/fixtures/bare-content"),
    out: resolve(PROJECT_ROOT, ".build/e2e/bare"),
  },
} as const;
export type SiteName = keyof typeof SITES;
