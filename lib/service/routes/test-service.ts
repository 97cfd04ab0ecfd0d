// Test helper (not runtime code): the service's Hono app on a real HTTP server, over a test database.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Db } from "@/lib/db";
import { createServiceApp } from ".";
import type { BindDependencies } from "../http/bind";

export interface TestService {
  url: string;
  close(): Promise<void>;
}

/** Serves the service as Tandem's server does (scripts/server.ts), on 127.0.0.1 and a free port. */
export async function startTestService(db: Db, overrides: Partial<BindDependencies> = {}): Promise<TestService> {
  const { app } = createServiceApp({ db: async () => db, ...overrides });
  const server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
