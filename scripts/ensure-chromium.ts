/**
 * Browser tests drive Debian's Chromium at /usr/bin/chromium (Playwright's own browser
 * downloads cannot work on our machines). Installs it with apt-get when running as root,
 * otherwise says exactly what is missing.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command: string, args: string[]): void {
  execFileSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt || CHROMIUM_PATH !== "/usr/bin/chromium") {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package with ` +
        "`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "chromium"]);
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} still does not exist.`);
    process.exit(1);
  }
}
