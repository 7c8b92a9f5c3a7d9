import { useEffect } from "react";
import type { SiteSettings } from "../content/index.ts";
import { type PathTagKind, pathTags } from "./deferred-rules.ts";

export interface PathTagsProps {
  path: string;
  settings: Partial<SiteSettings>;
  /**
   * The single switch for every path-triggered tag, so consent gating (third-party-scripts
   * work) can hold them back in one place. Defaults to on.
   */
  allowed?: boolean;
}

const loadedScripts = new Set<string>();

/** Appends an async script once per URL for the app's lifetime (scripts cannot be unloaded). */
function loadScriptOnce(src: string, kind: PathTagKind): void {
  if (loadedScripts.has(src)) return;
  loadedScripts.add(src);
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  script.dataset.pathTag = kind;
  document.head.append(script);
}

/**
 * The tracking pixel, ad pixel and buyer-intent script for the current path (spec §2).
 * Browser-only: the deferred shell renders this after hydration, so nothing loads during
 * prerender, and a script loads at most once.
 */
export function PathTags({ path, settings, allowed = true }: PathTagsProps) {
  const tags = allowed ? pathTags(path, settings) : [];
  // A string key keeps the effect from re-running on every render.
  const scripts = tags
    .filter((tag) => tag.element === "script")
    .map((tag) => `${tag.kind} ${tag.src}`)
    .join("\n");

  useEffect(() => {
    for (const line of scripts.split("\n").filter(Boolean)) {
      const [kind, src] = line.split(" ") as [PathTagKind, string];
      loadScriptOnce(src, kind);
    }
  }, [scripts]);

  return (
    <>
      {tags
        .filter((tag) => tag.element === "img")
        .map((tag) => (
          <img
            key={`${path} ${tag.kind}`}
            src={tag.src}
            alt=""
            width={1}
            height={1}
            data-path-tag={tag.kind}
            className="pointer-events-none fixed bottom-0 left-0 size-px opacity-0"
          />
        ))}
    </>
  );
}
