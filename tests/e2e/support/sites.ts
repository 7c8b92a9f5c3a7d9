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
  /** The real content with every integration configured against the fake vendors (vendors.ts). */
  integrations: {
    content: resolve(PROJECT_ROOT, ".build/e2e/integrations-content"),
    out: resolve(PROJECT_ROOT, ".build/e2e/integrations"),
  },
  /** The bare fixture with a Transcend bundle configured. */
  transcend: {
    content: resolve(PROJECT_ROOT, ".build/e2e/transcend-content"),
    out: resolve(PROJECT_ROOT, ".build/e2e/transcend"),
  },
} as const;
export type SiteName = keyof typeof SITES;
