import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_STATUS } from "@/lib/contract";
import { API_DOCUMENTS, ENDPOINTS, type ApiDocumentName } from "@/lib/contract/endpoints";
import { openApiDocument } from "@/lib/contract/openapi";
import { openTestDatabase } from "@/lib/testing/test-database";
import { isServicePath } from "../http/app";
import { createServiceApp } from ".";
import { fuzzRequests } from "./fuzz-requests";

// One walk of the registry: every endpoint is served, documented and fuzzed.
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "registry-test-link-signing-secret-0123456789ab";
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let service: ReturnType<typeof createServiceApp>;
beforeAll(async () => {
  database = await openTestDatabase();
  service = createServiceApp({ db: async () => database.db });
});
afterAll(() => database.close());

const named = ENDPOINTS.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const);
const samplePath = (template: string) => template.replace(/\{\w+\}/g, "SAMPLE1");
const credentials = {
  apiKey: "k",
  restKey: "r",
  publicKey: "p",
  visitor: { visitorId: "v", token: "t" },
  viewerToken: "w",
  sessionId: "s",
  recordingToken: "x",
};

describe("the endpoint registry", () => {
  it("declares each method and path once, each operation id once", () => {
    expect(new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).size).toBe(ENDPOINTS.length);
    expect(new Set(ENDPOINTS.map((endpoint) => endpoint.id)).size).toBe(ENDPOINTS.length);
  });

  it("is what the service binds: each endpoint once, nothing else", () => {
    expect(service.bound).toHaveLength(ENDPOINTS.length);
    expect(new Set(service.bound)).toEqual(new Set(ENDPOINTS));
  });

  it.each(named)("serves %s on Tandem's server", async (_name, endpoint) => {
    expect(isServicePath(samplePath(endpoint.path))).toBe(true);
    const response = await service.app.request(samplePath(endpoint.path), { method: endpoint.method.toUpperCase() });
    // Whatever it answers without credentials, it is not the answer of a path nobody serves.
    const answer = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.body?.cancel();
    expect(answer).not.toEqual({ status: "error", error: "not_found", message: "No such endpoint." });
  });

  it.each(named)("documents %s in exactly one API document, with its errors", (_name, endpoint) => {
    const documents = (Object.keys(API_DOCUMENTS) as ApiDocumentName[]).filter((name) => {
      const operation = (openApiDocument(name, "http://localhost").paths as Record<string, Record<string, { operationId?: string }>>)[endpoint.path]?.[
        endpoint.method
      ];
      return operation?.operationId === endpoint.id;
    });
    expect(documents).toHaveLength(1);
    const operation = (openApiDocument(documents[0], "http://localhost").paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      endpoint.path
    ][endpoint.method];
    expect(Object.keys(operation.responses)).toContain("200");
    for (const status of new Set(endpoint.errors.map((code) => String(ERROR_STATUS[code])))) expect(Object.keys(operation.responses)).toContain(status);
  });

  it.each(named)("fuzzes %s: generated requests use its method and reach its path", (_name, endpoint) => {
    const pattern = new RegExp(`^${endpoint.path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/?]*")}(\\?|$)`);
    for (const request of fc.sample(fuzzRequests(endpoint, credentials), 50)) {
      expect(request.method).toBe(endpoint.method.toUpperCase());
      expect(request.url).toMatch(pattern);
    }
  });

  it("leaves the console's pages and route handlers to Next: none of them lies under the service's paths", () => {
    const routes: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/^(page|route)\.tsx?$/.test(entry.name)) routes.push(path.dirname(path.relative("app", full)));
      }
    };
    walk("app");
    const urls = routes.map((route) =>
      `/${route
        .split(path.sep)
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .join("/")}`.replace(/\[[^\]]+\]/g, "x"),
    );
    expect(urls).toEqual(expect.arrayContaining(["/visitors", "/watch/x", "/api/auth/x", "/demo"]));
    expect(urls.filter(isServicePath)).toEqual([]);
  });
});
