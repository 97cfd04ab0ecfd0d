import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The fidelity pages and their assets (`<capability>.html`, files next to them); specs run from the repository root. */
export const PAGES_DIR = path.resolve("e2e", "fidelity", "pages");
/** Installed packages, served at /node_modules/…: third-party apps run as their authors built them. */
const MODULES_DIR = path.resolve("node_modules");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};

export interface CustomerSite {
  /** `http://127.0.0.1:<port>`: another origin (and site) than the Tandem server's `http://localhost:<port>`. */
  origin: string;
  url: (page: string) => string;
  /** Extra response headers for one path (e.g. `Access-Control-Allow-Origin` on a font), until `close`. */
  setHeaders: (pathname: string, headers: Record<string, string>) => void;
  /** Every path the site was asked for, in order (e.g. to see whether an asset was fetched again). */
  requests: string[];
  close: () => Promise<void>;
}

/**
 * A customer's site on a loopback origin of its own, serving the fidelity pages as a real site would:
 * each HTML page gets the Tandem snippet before `</body>`; assets go out with no CORS headers, as most
 * sites send them, unless a test sets headers for their path.
 */
export async function startCustomerSite(tandemUrl: string, publicKey: string, pagesDir = PAGES_DIR): Promise<CustomerSite> {
  const headers = new Map<string, Record<string, string>>();
  const requests: string[] = [];
  const snippet = `<script src="${tandemUrl}/cobrowse.js" data-public-key="${publicKey}" async></script>`;
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://site").pathname);
    requests.push(pathname);
    const base = pathname.startsWith("/node_modules/") ? path.dirname(MODULES_DIR) : pagesDir;
    const file = path.join(base, path.normalize(pathname));
    if (!file.startsWith(base + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    let body: Buffer | string = fs.readFileSync(file);
    if (type.startsWith("text/html")) body = body.toString("utf8").replace("</body>", `${snippet}</body>`);
    res.writeHead(200, { "content-type": type, "cache-control": "no-store", ...headers.get(pathname) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (page) => `${origin}/${page}`,
    setHeaders: (pathname, extra) => void headers.set(pathname, extra),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
