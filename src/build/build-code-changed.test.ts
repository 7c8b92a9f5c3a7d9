/**
 * A long-lived build process (`npm run build -- --watch`) refuses to build once the code on
 * disk is no longer the code it loaded (build-site.ts): it would write pages with the old code
 * under the new code's fingerprint, which the next incremental build would trust. The digest of
 * the code and the loaded build are stood in for here: changing the project's own files would
 * change them under every other test's builds.
 */
import { expect, it, vi } from "vitest";
import type { BuildOptions } from "./build-site.ts";

const disk = vi.hoisted(() => ({ digest: "code-a", builtWith: [] as string[] }));

vi.mock("./code-digest.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./code-digest.ts")>()),
  codeDigest: () => disk.digest,
}));
vi.mock("./build-code.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./build-code.ts")>()),
  // The loaded build records the digest it is asked to build under, and builds nothing.
  loadSiteBuild: async () => ({
    buildSite: async (_options: BuildOptions, _workers: unknown, digest: string) => {
      disk.builtWith.push(digest);
      return {};
    },
  }),
}));

const { BuildCodeChangedError, buildSite } = await import("./build-site.ts");

it("builds again with the code it loaded, and refuses once the code on disk changed", async () => {
  // Incremental: no render workers are started for a build that does nothing.
  const options: BuildOptions = {
    contentDir: "/no-content",
    outDir: "/no-output",
    incremental: true,
  };
  await buildSite(options);
  await buildSite(options);
  expect(disk.builtWith).toEqual(["code-a", "code-a"]);

  disk.digest = "code-b";
  await expect(buildSite(options)).rejects.toThrow(BuildCodeChangedError);
  await expect(buildSite(options)).rejects.toThrow(/start the build again/);
  expect(disk.builtWith).toHaveLength(2);
});
