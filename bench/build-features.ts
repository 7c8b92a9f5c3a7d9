/**
 * The build's features a benchmark can switch off, each with a flag: those a bare generator
 * (the floor of ../shared/perf) lacks, so that a run without one says what it costs. One list
 * for bench/build.ts and the incremental rebuild it starts (incremental-rebuild.ts): a rebuild
 * reuses only a build made with the same options, so both must read the flags alike.
 */
import type { BuildOptions } from "../src/build/build-site.ts";

/** The flags, as `parseArgs` options. */
export const FEATURE_FLAGS = {
  "no-og": { type: "boolean", default: false },
  "no-search": { type: "boolean", default: false },
  "no-critical-css": { type: "boolean", default: false },
} as const;

type FeatureFlag = keyof typeof FEATURE_FLAGS;
type FeatureValues = Partial<Record<FeatureFlag, boolean | undefined>>;

/** The build options the flags in `values` ask for. */
export function featureOptions(
  values: FeatureValues,
): Pick<BuildOptions, "ogImages" | "search" | "inlineCriticalCss"> {
  return {
    ogImages: !values["no-og"],
    search: !values["no-search"],
    inlineCriticalCss: !values["no-critical-css"],
  };
}

/** The flags set in `values`, as arguments for another process that reads them. */
export function featureArgs(values: FeatureValues): string[] {
  return (Object.keys(FEATURE_FLAGS) as FeatureFlag[]).flatMap((flag) =>
    values[flag] ? [`--${flag}`] : [],
  );
}
