import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A customer's site that embeds a watch page: a local HTTP server answering every path with `html(path)`.
 * It is reachable as two origins, `http://127.0.0.1:<port>` and `http://localhost:<port>`. (Chromium
 * refuses frames from a local address inside a page it believes public, so the site must be local too.)
 */
export async function startEmbeddingSite(html: (path: string) => string): Promise<{ origin: string; otherOrigin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html(req.url ?? "/")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    otherOrigin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
