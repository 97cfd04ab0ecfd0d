// Test helper (not runtime code): the service's Hono app on a real HTTP server, over a test database.
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/lib/db";
import { listen, type Listening } from "@/lib/testing/listen";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createServiceApp } from ".";
import type { BindDependencies } from "../http/bind";

export type TestService = Listening;

/** Serves the service as Tandem's server does (scripts/server.ts), on 127.0.0.1 and a free port. */
export async function startTestService(db: Db, overrides: Partial<BindDependencies> = {}): Promise<TestService> {
  const { app } = createServiceApp({ db: async () => db, ...overrides });
  return listen(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
}

/**
 * A test file's service over its own test database: opened before its tests (handed to `onOpen`, which
 * keeps them), closed after them.
 */
export function serveForTests(onOpen: (opened: { db: Db; service: TestService }) => void): void {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let service: TestService | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    service = await startTestService(database.db);
    onOpen({ db: database.db, service });
  });
  afterAll(async () => {
    await service?.close();
    await database?.close();
  });
}
