import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
// `server-only` throws outside React Server Components; unit tests run server code directly.
const alias = {
  "@": root,
  "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "**/*.redis.test.ts"],
        },
      },
      {
        // Database suites: PGlite by default, PostgreSQL when DATABASE_URL is set (.ci/run does both).
        resolve: { alias },
        test: {
          name: "db",
          include: ["lib/**/*.db.test.ts"],
          globalSetup: ["lib/testing/pglite-template.ts"],
          setupFiles: ["lib/testing/throwaway-data-dir.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Shared state of several app nodes: a throwaway Debian redis-server per run.
        resolve: { alias },
        test: { name: "redis", include: ["lib/**/*.redis.test.ts"], globalSetup: ["lib/testing/redis-server.ts"], fileParallelism: false },
      },
    ],
  },
});
