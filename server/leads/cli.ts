/**
 * `npm run leads -- <command>`: the lead store from the command line, on whichever store the
 * environment selects (DATABASE_URL → PostgreSQL, else SQLite in DATA_DIR).
 */
import { runCommand, USAGE, UsageError } from "./cli-commands.ts";
import { deliveryConfigFromEnv } from "./delivery/index.ts";
import { openLeadStore, storeConfigFromEnv } from "./store/index.ts";

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help" || args[0] === "help") {
  process.stdout.write(`${USAGE}\n`);
  process.exit(args.length === 0 ? 1 : 0);
}

try {
  const store = await openLeadStore(storeConfigFromEnv(process.env));
  try {
    process.exitCode = await runCommand(
      store,
      args,
      (text) => process.stdout.write(`${text}\n`),
      undefined,
      deliveryConfigFromEnv(process.env).portalId !== null,
    );
  } finally {
    await store.close();
  }
} catch (error) {
  const usage =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  process.stderr.write(`${(error as Error).message}\n${usage ? `\n${USAGE}\n` : ""}`);
  process.exitCode = usage ? 64 : 1;
}
