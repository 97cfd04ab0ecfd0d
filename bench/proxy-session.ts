import { apiClient, embeddedApiKey, setTeam } from "../e2e/support/api";
import { startServer, type RunningServer } from "../e2e/support/server";
import { BenchmarkFailure, fetchOk } from "./fail-loudly";

export interface OpenedProxySession {
  server: RunningServer;
  /** The proxied address of `initialUrl`. */
  url: string;
  /** The proxy session's cookie, as a Cookie header. */
  cookie: string;
}

/** A Tandem server from `cwd` (its own production build) and a proxy session of it opened on `initialUrl`, as a visitor opens one. */
export async function openProxySession(cwd: string, initialUrl: string): Promise<OpenedProxySession> {
  const server = await startServer({ env: { TANDEM_DEMO_SEED: "0" }, cwd });
  try {
    const api = await apiClient(server.url, embeddedApiKey(server.dataDir));
    await setTeam(api, { proxy_enabled: true });
    const created = await api.post("/v1.3/proxy_sessions", { data: { initial_url: initialUrl, allowed_domains: [new URL(initialUrl).hostname] } });
    if (!created.ok()) throw new BenchmarkFailure(`POST /v1.3/proxy_sessions: ${created.status()} ${await created.text()}`);
    const link = (await created.json()).proxy_url;
    await api.dispose();
    // The link's page asks the visitor to press its button, which POSTs to the same address.
    const opened = await fetchOk(link, { method: "POST", redirect: "manual" }, [302, 303]);
    return { server, url: `${server.proxyUrl}${opened.headers.get("location")}`, cookie: opened.headers.get("set-cookie")!.split(";")[0] };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
