// Test helper (not runtime code): the proxy's handler on a real HTTP server over a test database, and links to open on it.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@/lib/db";
import { newId } from "../core/ids";
import { signLink } from "../core/signing";
import type { ProxyLinkClaims } from "./links";
import { createProxyHandler } from "../routes/proxy";
import type { ProxyDependencies } from "./dependencies";

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port. */
export async function listen(listener: RequestListener): Promise<Listening> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The proxy as Tandem's server runs it, on its own origin. */
export async function startTestProxy(db: Db, overrides: Partial<ProxyDependencies> = {}): Promise<Listening> {
  let origin = "";
  let handler: ReturnType<typeof createProxyHandler> | undefined;
  const proxy = await listen((req, res) => {
    handler ??= createProxyHandler({
      db: async () => db,
      proxyOrigin: origin,
      serviceOrigin: "http://service.test",
      allowPrivate: true,
      nodeIsAlone: true,
      runtimeFile: "/nonexistent/proxy-runtime.js",
      ...overrides,
    });
    void handler(req, res);
  });
  origin = proxy.url;
  return proxy;
}

export async function proxyLink(proxyUrl: string, claims: ProxyLinkClaims, expiresAt = new Date(Date.now() + 60_000)): Promise<string> {
  return `${proxyUrl}/proxy/${await signLink("proxy", { ...claims, jti: newId("", 16) }, expiresAt)}`;
}
