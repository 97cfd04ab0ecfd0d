import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("npm start", () => {
  it("stops before anything else with one line naming a bad variable", () => {
    const run = spawnSync(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/start.ts"], {
      env: { ...process.env, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "not-a-port")');
    expect(run.stdout).not.toContain("Building");
  }, 30_000);
});
