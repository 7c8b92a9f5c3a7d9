import { useMemo } from "react";
import type { SiteSettings } from "../content/index.ts";
import { STATIC_QUERY_HASH } from "../content/index.ts";
import { useStaticQuery } from "../runtime/index.ts";
import { parseSiteSettings } from "./site-settings.ts";

// One parse (and at most one logged error) per payload, however many components read it.
let cache: { raw: unknown; settings: Partial<SiteSettings> } | null = null;

function parseOnce(raw: unknown): Partial<SiteSettings> {
  if (cache === null || cache.raw !== raw) cache = { raw, settings: parseSiteSettings(raw) };
  return cache.settings;
}

/** Site settings from the static query; `{}` (and a logged error) when they do not parse. */
export function useSiteSettings(): Partial<SiteSettings> {
  const raw = useStaticQuery<unknown>(STATIC_QUERY_HASH["site-settings"]);
  return useMemo(() => parseOnce(raw), [raw]);
}
