import { defineConfig } from "vitest/config";

/**
 * The benchmarks' smallest steps against real servers (`npm run test:bench`): after a production build,
 * so not among the projects `vitest run` runs before it.
 */
export default defineConfig({
  test: { name: "bench", include: ["bench/**/*.test.ts"], maxConcurrency: 2, testTimeout: 180_000, hookTimeout: 120_000 },
});
