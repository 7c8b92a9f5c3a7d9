import type { AttributionConfig } from "./types.ts";

/** Hosts the standalone script assumes when its tag carries no `data-config`. */
export const STANDALONE_DEFAULT_CONFIG: AttributionConfig = {
  marketingHosts: ["harbordesk.example", "www.harbordesk.example"],
  appHosts: ["secure.harbordesk.example"],
  productHosts: [
    "docs.harbordesk.example",
    "status.harbordesk.example",
    "community.harbordesk.example",
  ],
};

const KEYS = ["marketingHosts", "appHosts", "productHosts"] as const;

/**
 * Reads the script tag's `data-config` JSON: each key present (an array of host strings)
 * replaces the default; anything else is ignored and reported in `problems`.
 */
export function parseStandaloneConfig(text: string | null | undefined): {
  config: AttributionConfig;
  problems: string[];
} {
  const config: AttributionConfig = {
    marketingHosts: [...STANDALONE_DEFAULT_CONFIG.marketingHosts],
    appHosts: [...STANDALONE_DEFAULT_CONFIG.appHosts],
    productHosts: [...STANDALONE_DEFAULT_CONFIG.productHosts],
  };
  const problems: string[] = [];
  if (text === null || text === undefined || text.trim() === "") return { config, problems };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { config, problems: ["data-config is not valid JSON; using the default hosts"] };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { config, problems: ["data-config must be a JSON object; using the default hosts"] };
  }
  const record = parsed as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(KEYS as readonly string[]).includes(key))
      problems.push(`data-config: unknown key "${key}" ignored`);
  }
  for (const key of KEYS) {
    if (!(key in record)) continue;
    const value = record[key];
    if (
      Array.isArray(value) &&
      value.every((host) => typeof host === "string" && host.trim() !== "")
    ) {
      config[key] = value.map((host: string) => host.trim());
    } else {
      problems.push(`data-config: "${key}" must be an array of host names; using the default`);
    }
  }
  return { config, problems };
}
