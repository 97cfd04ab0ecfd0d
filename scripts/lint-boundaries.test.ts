import fs from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rules that keep DESIGN's boundaries: checked on sample code placed where it would break one.
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === "no-restricted-imports" || message.ruleId === "import/no-restricted-paths")
    .map((message) => message.message);
}

async function spelledReadPaths(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-syntax").length;
}

describe("the import boundaries", { timeout: 60_000 }, () => {
  it("fail when the console imports the embedded service", async () => {
    const code = 'import { defaultTeam } from "@/lib/service/teams/team";\nexport const x = defaultTeam;\n';
    for (const file of ["app/(console)/visitors/probe.ts", "components/visitors/probe.ts", "lib/console/probe.ts", "lib/client/probe.ts"]) {
      expect(await restrictedImports(file, code), file).toHaveLength(1);
    }
  });

  it("fail when the visitor script or the watch page takes anything from the service", async () => {
    const code = 'import type { SseChannel } from "@/lib/service/live/sse";\nexport type X = SseChannel;\n';
    expect(await restrictedImports("lib/visitor/probe.ts", code)).toHaveLength(1);
    expect(await restrictedImports("components/watch/probe.ts", code)).toHaveLength(1);
  });

  it("fail when a component imports from app/, and still hold the service boundary there", async () => {
    const fromApp = 'import { createUser } from "@/app/(console)/settings/actions";\nexport const x = createUser;\n';
    for (const file of ["components/settings/probe.tsx", "components/watch/probe.tsx"]) {
      expect(await restrictedImports(file, fromApp), file).toHaveLength(1);
    }
    const both =
      'import { createUser } from "@/app/(console)/settings/actions";\nimport { defaultTeam } from "@/lib/service/teams/team";\nexport const x = [createUser, defaultTeam];\n';
    expect(await restrictedImports("components/settings/probe.tsx", both)).toHaveLength(2);
    const fromLib = 'import { createUser } from "@/lib/console/settings/actions";\nexport const x = createUser;\n';
    expect(await restrictedImports("components/settings/probe.tsx", fromLib)).toEqual([]);
  });

  it("fail when the contract imports anything but zod and its OpenAPI helper", async () => {
    expect(await restrictedImports("lib/contract/probe.ts", 'import { sha256 } from "@/lib/service/core/ids";\nexport const x = sha256;\n')).toHaveLength(1);
    expect(await restrictedImports("lib/contract/probe.ts", 'import { Hono } from "hono";\nexport const x = Hono;\n')).toHaveLength(1);
    const allowed =
      'import { z } from "zod";\nimport { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";\nimport { okStatus } from "./common";\nexport const x = [z, OpenAPIRegistry, okStatus];\n';
    expect(await restrictedImports("lib/contract/probe.ts", allowed)).toEqual([]);
  });

  it("let the watch page's server side and the service use the service", async () => {
    const code = 'import { defaultTeam } from "@/lib/service/teams/team";\nexport const x = defaultTeam;\n';
    expect(await restrictedImports("app/watch/probe.ts", code)).toEqual([]);
    expect(await restrictedImports("lib/service/probe.ts", code)).toEqual([]);
  });

  it("fail when the service's domain imports its transport, or http/ imports the routes", async () => {
    const http = 'import { errorAnswer } from "@/lib/service/http/envelope";\nexport const x = errorAnswer;\n';
    const routes = 'import { createServiceApp } from "@/lib/service/routes";\nexport const x = createServiceApp;\n';
    for (const file of ["lib/service/live/probe.ts", "lib/service/visitors/ingest/probe.ts", "lib/service/proxy/probe.ts"]) {
      expect(await restrictedImports(file, http), file).toHaveLength(1);
      expect(await restrictedImports(file, routes), file).toHaveLength(1);
    }
    expect(await restrictedImports("lib/service/http/probe.ts", routes)).toHaveLength(1);
    expect(await restrictedImports("lib/service/routes/probe.ts", http)).toEqual([]);
  });

  it("fail when an import inside the service runs back up a floor, or across a floor to a sibling", async () => {
    const up = [
      ["lib/service/teams/probe.ts", 'import { loadSession } from "../sessions/record";'],
      ["lib/service/visitors/probe.ts", 'import { getVisitor } from "@/lib/service/sessions/get-visitor";'],
      ["lib/service/sessions/probe.ts", 'import { liveRelay } from "../live/node-relay";'],
      ["lib/service/sessions/probe.ts", 'import { proxyOrigin } from "../proxy/origin";'], // proxy/ is on the same floor
      ["lib/service/core/probe.ts", 'import { seedDemoService } from "../demo-seed";'],
      ["lib/service/live/probe.ts", 'import { act } from "@/lib/service/mcp/act";'],
    ];
    for (const [file, line] of up) {
      const messages = await restrictedImports(file, `${line}\nexport const x = 1;\n`);
      expect(messages, `${file}: ${line}`).toHaveLength(1);
      expect(messages[0]).toMatch(/is on floor \d of the service/);
    }
    const down = [
      ["lib/service/live/probe.ts", 'import { loadSession } from "../sessions/record";'],
      ["lib/service/sessions/probe.ts", 'import { findVisitor } from "@/lib/service/visitors/read";'],
      ["lib/service/routes/probe.ts", 'import { act } from "../mcp/act";'],
      ["lib/service/probe.ts", 'import { endAbandonedSessions } from "./live/end";'],
      ["lib/service/sessions/probe.db.test.ts", 'import { endSession } from "../live/end";'], // a test may use what stands above
    ];
    for (const [file, line] of down) expect(await restrictedImports(file, `${line}\nexport const x = 1;\n`), `${file}: ${line}`).toEqual([]);
  });

  it("put every folder of the service on a floor below the routes, so that none escapes the rule", async () => {
    const folders = fs
      .readdirSync("lib/service", { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "routes")
      .map((entry) => entry.name);
    const routes = 'import { createServiceApp } from "@/lib/service/routes";\nexport const x = createServiceApp;\n';
    for (const folder of folders) expect(await restrictedImports(`lib/service/${folder}/probe.ts`, routes), folder).toHaveLength(1);
  });

  it("fail when the service imports the console, and keep the audit log below both", async () => {
    const consoleCode = 'import { getCaller } from "@/lib/console/auth/caller";\nexport const x = getCaller;\n';
    for (const file of ["lib/service/sessions/probe.ts", "lib/service/http/probe.ts", "lib/service/routes/probe.ts", "lib/service/mcp/probe.test.ts"]) {
      expect(await restrictedImports(file, consoleCode), file).toHaveLength(1);
    }
    const audit = 'import { recordAudit } from "@/lib/audit/record";\nexport const x = recordAudit;\n';
    expect(await restrictedImports("lib/service/sessions/probe.ts", audit)).toEqual([]);
    expect(await restrictedImports("lib/console/probe.ts", audit)).toEqual([]);
    expect(await restrictedImports("lib/audit/probe.ts", consoleCode)).toHaveLength(1);
    const service = 'import { defaultTeam } from "@/lib/service/teams/team";\nexport const x = defaultTeam;\n';
    expect(await restrictedImports("lib/audit/probe.ts", service)).toHaveLength(1);
  });

  it("fail when code spells a path of the console's reads instead of taking it from their declarations", async () => {
    const spelled = 'export const a = "/api/console/visitors";\nexport const b = (id: string) => `/api/console/visitors/${id}/presence`;\n';
    for (const file of ["components/visitors/probe.tsx", "app/(console)/usage/probe.tsx", "lib/console/visitors/probe.ts"]) {
      expect(await spelledReadPaths(file, spelled), file).toBe(2);
    }
    const declared =
      'import { readUrl } from "@/lib/console/reads/define";\nimport { READ_ROUTES } from "@/lib/console/reads/routes";\nexport const a = readUrl(READ_ROUTES.visitors);\nexport const b = "/api/auth/session";\n';
    expect(await spelledReadPaths("components/visitors/probe.tsx", declared)).toBe(0);
    expect(await spelledReadPaths("lib/console/reads/routes.ts", spelled)).toBe(0);
  });
});
