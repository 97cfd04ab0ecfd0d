import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCloudClient } from "./cloud";
import { inProcessOrNetworkFetch, serveInProcess } from "./in-process";
import { apiError } from "./test-assertions";
import { sendJson, startTestServer, type TestServer } from "./test-server";

const API_KEY = "sk_test_secret";
const proxyAnswer = { status: "ok", proxy_url: "http://127.0.0.1/proxy/abc" };
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  serveInProcess(null);
  await server.close();
});

describe("in-process transport", () => {
  it("without a handler in the process, the client's calls go over the network", async () => {
    server.handle((_req, res) => sendJson(res, 200, proxyAnswer));
    const client = createCloudClient({ baseUrl: server.url, apiKey: API_KEY, fetch: inProcessOrNetworkFetch });
    await expect(client.createProxySession({ initial_url: "https://shop.example.com/" })).resolves.toEqual({ proxy_url: proxyAnswer.proxy_url });
    expect(server.requests).toHaveLength(1);
  });

  it("with a handler, the handler answers the API's own request and nothing goes over the network", async () => {
    const seen: { method: string; url: string; key: string | null; initialUrl?: string }[] = [];
    serveInProcess(async (request) => {
      const body = (await request.json()) as { initial_url?: string };
      seen.push({ method: request.method, url: request.url, key: request.headers.get("x-api-key"), initialUrl: body.initial_url });
      return Response.json(proxyAnswer);
    });
    // A client made before the handler was registered takes it too: the handler is read per request.
    const client = createCloudClient({ baseUrl: server.url, apiKey: API_KEY, fetch: inProcessOrNetworkFetch });
    await expect(client.createProxySession({ initial_url: "https://shop.example.com/" })).resolves.toEqual({ proxy_url: proxyAnswer.proxy_url });
    expect(seen).toEqual([{ method: "POST", url: `${server.url}/v1.3/proxy_sessions`, key: API_KEY, initialUrl: "https://shop.example.com/" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("an API error from the handler reaches the caller as it would over the network", async () => {
    serveInProcess(async () =>
      Response.json({ status: "error", error: "rate_limited", message: "Slow down." }, { status: 429, headers: { "retry-after": "7" } }),
    );
    const client = createCloudClient({ baseUrl: server.url, apiKey: API_KEY, fetch: inProcessOrNetworkFetch });
    const error = await apiError(client.createProxySession({}));
    expect(error).toMatchObject({ status: 429, code: "rate_limited", message: "Slow down.", retryAfterSeconds: 7 });
  });

  it("a handler that never answers ends in the client's timeout, not a hang", async () => {
    serveInProcess(() => new Promise<Response>(() => undefined));
    const client = createCloudClient({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 200, fetch: inProcessOrNetworkFetch });
    const error = await apiError(client.createProxySession({}));
    expect(error).toMatchObject({ kind: "unavailable", code: "timeout" });
  });
});
