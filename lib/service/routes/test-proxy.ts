// Test helper (not runtime code): the proxy's handler on a real HTTP server over a test database, and links to open on it.
import type { Db } from "@/lib/db";
import { listen, type Listening } from "@/lib/testing/listen";
import { newId } from "../core/ids";
import { signLink } from "../core/signing";
import type { ProxyLinkClaims } from "../proxy/links";
import { createProxyHandler } from "./proxy";
import type { ProxyDependencies } from "../proxy/dependencies";

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
