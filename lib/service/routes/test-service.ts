// Test helper (not runtime code): the service's Hono app on a real HTTP server, over a test database.
import { getRequestListener } from "@hono/node-server";
import type { Db } from "@/lib/db";
import { listen, type Listening } from "@/lib/testing/listen";
import { createServiceApp } from ".";
import type { BindDependencies } from "../http/bind";

export type TestService = Listening;

/** Serves the service as Tandem's server does (scripts/server.ts), on 127.0.0.1 and a free port. */
export async function startTestService(db: Db, overrides: Partial<BindDependencies> = {}): Promise<TestService> {
  const { app } = createServiceApp({ db: async () => db, ...overrides });
  return listen(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
}
