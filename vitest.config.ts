import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default leaves one core to itself: one test file at a time on our 2-core CI
    // machines, 227 s for the suite. Much of a file's time is spent waiting (child processes,
    // servers, PostgreSQL, timers), so a file per core ran the same 1,941 tests in 134-147 s.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
