/**
 * The build's features a benchmark can switch off, each with a flag: those a bare generator
 * (the floor of ../shared/perf) lacks, so that a run without one says what it costs. One list
 * for bench/build.ts and the incremental rebuild it starts (incremental-rebuild.ts): a rebuild
 * reuses only a build made with the same options, so both must read the flags alike.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
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

/**
 * The options of a build that reuses the benchmark's output (incremental-rebuild.ts,
 * watch-rebuild.ts), read from this process's arguments: `--content DIR --out DIR` and the
 * feature flags. Exits with the usage line when a folder is missing.
 */
export function reusingBuildOptions(script: string): BuildOptions {
  const { values } = parseArgs({
    options: {
      content: { type: "string" },
      out: { type: "string" },
      ...FEATURE_FLAGS,
    },
  });
  if (!values.content || !values.out) {
    console.error(
      `usage: node bench/${script} --content DIR --out DIR [--no-og] [--no-search] [--no-critical-css]`,
    );
    process.exit(1);
  }
  return {
    contentDir: values.content,
    outDir: values.out,
    ...featureOptions(values),
    // The synthetic posts replace the real ones that pages link to.
    checkLinks: false,
  };
}

/** The command line of a bench/ script that reuses the benchmark's output, as `npm run build` runs. */
export function reusingBuildArgs(
  script: string,
  contentDir: string,
  outDir: string,
  values: FeatureValues,
): string[] {
  return [
    // As `npm run build` runs it: its own TypeScript through the compile cache too.
    "--import",
    pathToFileURL(join(import.meta.dirname, "../src/build/compile-cache.mjs")).href,
    join(import.meta.dirname, script),
    "--content",
    contentDir,
    "--out",
    outDir,
    ...featureArgs(values),
  ];
}
