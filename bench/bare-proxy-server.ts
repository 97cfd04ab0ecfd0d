/**
 * The floor any proxy pays on this machine: a reverse proxy that does nothing but pass each request to
 * the site and its answer back, streamed, on kept-alive connections, in a process of its own as Tandem's
 * proxy is. No rewriting, no session, no cookies, no policy. Started by bench/bare-proxy.ts:
 *
 *   tsx bench/bare-proxy-server.ts <site origin>     prints "listening <port>" once it answers
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

const site = new URL(process.argv[2] ?? "");
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http.createServer((req, res) => {
  const upstream = http.request(
    { host: site.hostname, port: site.port, method: req.method, path: req.url, headers: { ...req.headers, host: site.host }, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
