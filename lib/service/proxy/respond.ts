import type { IncomingMessage, ServerResponse } from "node:http";
import { PROXY_PAGE_CSP, proxyPageCsp, renderProxyPage, type ProxyPage } from "./pages";

function isNavigation(req: IncomingMessage): boolean {
  const destination = req.headers["sec-fetch-dest"];
  if (destination) return destination === "document" || destination === "iframe" || destination === "frame";
  return (req.headers.accept ?? "").includes("text/html");
}

export function sendPage(res: ServerResponse, page: ProxyPage, headers: Record<string, string> = {}): void {
  const body = renderProxyPage(page);
  res.writeHead(page.status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": proxyPageCsp(page),
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** A page for a browser navigating, a short text for a script or subresource. */
export function refuse(req: IncomingMessage, res: ServerResponse, page: ProxyPage): void {
  if (isNavigation(req)) return sendPage(res, page);
  res.writeHead(page.status, { "content-type": "text/plain; charset=utf-8", "content-security-policy": PROXY_PAGE_CSP, "cache-control": "no-store" });
  res.end(`${page.title}. ${page.message}`);
}
