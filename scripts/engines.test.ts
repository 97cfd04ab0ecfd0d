import fs from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// `npm install` warns (EBADENGINE) when an installed package wants a newer Node than the one the README promises:
// every package in the lock file must accept the oldest Node that package.json's `engines` allows.
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

describe("Node engines", () => {
  it("every locked package accepts the oldest Node the project supports", () => {
    const range = readJson("package.json").engines.node as string;
    const oldest = semver.minVersion(range)!.version;
    const lock = readJson("package-lock.json") as { packages: Record<string, { engines?: { node?: string } }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name} wants ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it("the README names the same oldest Node", () => {
    const oldest = semver.minVersion(readJson("package.json").engines.node)!;
    expect(fs.readFileSync("README.md", "utf8")).toContain(`Node.js ${oldest.major}.${oldest.minor} or newer`);
  });
});
