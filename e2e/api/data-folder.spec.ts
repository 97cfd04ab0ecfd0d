import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiClient, embeddedApiKey, registerVisitor } from "../support/api";
import { startServer } from "../support/server";

/** Every entry under a folder that another account of the host could read or write. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return; // gone meanwhile (the database rotates files)
    }
    if (stat.mode & 0o077) open.push(`${path.relative(root, entry) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

test("a start on an open data folder restricts it to this account once; demo passwords are printed only when created", async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-open-"));
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, "notes.txt"), "left by an earlier version");
  fs.chmodSync(path.join(dataDir, "notes.txt"), 0o666);

  const first = await startServer({ dataDir, env: { TANDEM_DEMO_SEED: "1" } });
  const admin = (JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as { role: string; password: string }[]).find(
    (user) => user.role === "admin",
  )!;
  try {
    expect(occurrences(first.output(), `Restricted ${dataDir} to this account`)).toBe(1);
    expect(occurrences(first.output(), admin.password)).toBe(1);
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
    expect(openToOthers(dataDir)).toEqual([]);

    // What the database writes while serving (its write-ahead log among it) stays closed too.
    const api = await apiClient(first.url, embeddedApiKey(dataDir));
    for (let i = 0; i < 5; i++) await registerVisitor(api);
    await api.dispose();
    expect(openToOthers(dataDir)).toEqual([]);
    await first.crash();

    const second = await startServer({ dataDir, port: first.port, env: { TANDEM_DEMO_SEED: "1" } });
    try {
      expect(second.output()).not.toContain("Restricted");
      expect(second.output()).not.toContain(admin.password);
      expect(second.output()).toContain(`their passwords are in ${path.join(dataDir, "demo-credentials.json")}`);
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});
