/**
 * Tandem's HTTP server, run by `npm start` (production) and `npm run dev`: the embedded service's Hono
 * app (lib/service) answers the service's paths, Next answers the rest (the console, sign-in, the watch
 * and demo pages). Start-up (lib/boot.ts) checks the configuration, migrates, provisions and starts the
 * background work first; stopping is Tandem's own (lib/lifecycle/shutdown.ts): SIGTERM drains, then exits.
 * The universal proxy answers on a second listener (PROXY_PORT), its own origin: proxied sites' scripts
 * never run on the console's origin.
 *
 * Runs under `--conditions=react-server`, like every script that loads server code.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { bootOrExit } from "../lib/boot";
import { coalesceWrites } from "../lib/coalesced-writes";
import { serveInProcess } from "../lib/client/in-process";
import { CLIENT_ADDRESS_HEADER, clientAddress, markClientAddressHeaderTrusted, peerIsTrustedProxy } from "../lib/client-address";
import { getDb } from "../lib/db";
import { env } from "../lib/env";
import { dropUnwritableOutput } from "../lib/lifecycle/closed-output";
import { countedInFlight, isDraining, trackListener } from "../lib/lifecycle/draining";
import { listenOrExit } from "../lib/lifecycle/listen";
import { backendsReachable } from "../lib/lifecycle/backends";
import { unavailablePage } from "../lib/availability/unavailable-page";
import { answerMalformedPath, pathDecodes } from "../lib/security/malformed-path";
import { baseResponseHeaders, permissionsPolicyFor } from "../lib/security/response-headers";
import { isServicePath } from "../lib/service/http/app";
import { createServiceApp } from "../lib/service/routes";
import { passEmbedOrigins } from "../lib/service/http/watch-page-embedding";
import { DEFAULT_RUNTIME_FILE } from "../lib/service/proxy/dependencies";
import { createProxyHandler } from "../lib/service/routes/proxy";
import { proxyOrigin, sharedHostWarning } from "../lib/service/proxy/origin";
import { publicBaseUrl } from "../lib/service/core/signing";
import { buildVisitorScript } from "./build-visitor-script";

const dev = process.env.NODE_ENV !== "production";
/** The page behind a watch link (not /watch/session/…, where the tab's credential reopens a session). */
const WATCH_LINK_PAGE = /^\/watch\/(?!session\/|recordings\/)[^/]+$/;
const port = Number(process.env.PORT ?? 3000);
dropUnwritableOutput();

if (dev) await buildVisitorScript();
await bootOrExit();
// Next shares this process: the service keeps the global Request and Response as they are.
const serviceApp = createServiceApp().app;
const service = getRequestListener(serviceApp.fetch, { overrideGlobalObjects: false });
// The console's calls to the embedded service are handed to it here, not sent over loopback. They run
// outside the console request's async context (Next's request stores), as a loopback request would.
const outsideRequests = AsyncLocalStorage.snapshot();
serveInProcess((request) => outsideRequests(() => Promise.resolve(serviceApp.fetch(request, { inProcess: true }))));
const console_ = next({ dev, hostname: "localhost", port });
await console_.prepare();
const handle = console_.getRequestHandler();

// The console (in Next) reads the client's address from a header only this server sets: any copy a client
// sent is replaced, so what the audit log and the sign-in throttle see follows the TRUSTED_PROXIES rule.
markClientAddressHeaderTrusted();
const trustedProxies = env().TRUSTED_PROXIES;
const FORWARDED_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];
// Every answer, the service's and Next's (pages, the visitor script, static files), carries these.
const responseHeaders = Object.entries(baseResponseHeaders(publicBaseUrl()));

const server = createServer((req, res) => {
  for (const [name, value] of responseHeaders) res.setHeader(name, value);
  // Where the request says it was sent (Next checks a server action's Origin against it) is a trusted
  // proxy's word only: from anyone else, the Host header is the request's host.
  if (!peerIsTrustedProxy(req.socket.remoteAddress, trustedProxies)) for (const name of FORWARDED_HOST_HEADERS) delete req.headers[name];
  const forwardedFor = req.headers["x-forwarded-for"];
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(
    req.socket.remoteAddress,
    Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
    trustedProxies,
  );
  // A server action's answer is its result, a few hundred bytes, unless it renders a page again: gzip
  // (Next's, per response) costs more time on both ends than it saves on the wire.
  if (req.headers["next-action"]) delete req.headers["accept-encoding"];
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  res.setHeader("Permissions-Policy", permissionsPolicyFor(pathname));
  // The embeddable viewer is an ES module that helpdesks' pages import: a module loads across origins only with CORS.
  if (pathname === "/viewer.js") res.setHeader("Access-Control-Allow-Origin", "*");
  // A stopping node serves what reaches it on open connections, then closes them: the next request opens
  // a connection to another node.
  if (isDraining()) res.setHeader("Connection", "close");
  if (!pathDecodes(pathname)) answerMalformedPath(res, isServicePath(pathname));
  else if (isServicePath(pathname)) void service(req, res);
  else void servePage(req, res, pathname);
});
trackListener(server, { behindProxy: trustedProxies.length > 0 });

/**
 * Next's pages. A watch link opens once: while PostgreSQL or Redis cannot serve, its page answers 503 and
 * tries again by itself, the link left unopened.
 */
async function servePage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  if (req.method === "GET" && WATCH_LINK_PAGE.test(pathname) && !(await backendsReachable().catch(() => false))) {
    const { status, headers, body } = unavailablePage();
    res.writeHead(status, headers).end(body);
    return;
  }
  await passEmbedOrigins(req, pathname);
  coalesceWrites(res);
  await handle(req, res);
}
// Idle keep-alive connections stay open a minute (Node's default is 5 s): a client or load balancer
// reusing one just as the server closes it sees ECONNRESET. A proxy should close first (nginx: 4 s).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
await listenOrExit(server, port, "PORT");

// The universal proxy: no console, no service; its pages carry the proxy's own policy.
const proxyHandler = createProxyHandler({
  db: getDb,
  proxyOrigin: proxyOrigin(),
  serviceOrigin: new URL(publicBaseUrl()).origin,
  allowPrivate: env().PROXY_ALLOW_PRIVATE_NETWORKS,
  nodeIsAlone: !env().REDIS_URL,
  runtimeFile: DEFAULT_RUNTIME_FILE,
});
// Permission grants are per origin, and every proxied site shares the proxy's: its devices stay denied to all.
const proxyResponseHeaders = Object.entries(baseResponseHeaders(proxyOrigin()));
const proxyServer = createServer((req, res) => {
  for (const [name, value] of proxyResponseHeaders) res.setHeader(name, value);
  void countedInFlight(() => proxyHandler(req, res));
});
proxyServer.keepAliveTimeout = server.keepAliveTimeout;
proxyServer.headersTimeout = server.headersTimeout;
trackListener(proxyServer, { behindProxy: trustedProxies.length > 0 });
await listenOrExit(proxyServer, env().PROXY_PORT, "PROXY_PORT");
const sharedHost = sharedHostWarning(publicBaseUrl(), proxyOrigin());
if (sharedHost) console.warn(sharedHost);
// `npm start` (scripts/start.ts) waits for this before it says where Tandem runs.
process.send?.({ listening: true });
if (dev) console.log(`Tandem (development) at http://localhost:${port}, its universal proxy at ${proxyOrigin()}`);
