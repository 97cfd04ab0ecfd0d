import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * A small shop site that is not Tandem's, for the universal proxy's specs. It answers on 127.0.0.1
 * (`origin`) and localhost (`outsideOrigin`: the same server under another host name, which specs leave
 * out of allowed_domains). Static files come from e2e/proxy/site/ (in .html files `{{ORIGIN}}` and
 * `{{OUTSIDE_ORIGIN}}` become the two origins); the routes below are the dynamic part:
 *
 * - GET /login, POST /login (user "ada", password "harbor"): sets the HttpOnly session cookie `sid`
 * - GET /account: who is signed in, else a redirect to /login; GET /old-account: 301 to /account
 * - GET /api/products: JSON
 * - GET /redirect?to=<url>: 302 to any address
 * - GET /slow: answers after `?ms=` milliseconds; GET /large: `?bytes=` of text
 * - GET /todomvc/…: TodoMVC's vanilla build (the `todomvc` package's, served as published), a real
 *   app: its stylesheet in the head, eight scripts at the end of the body, its todos in localStorage
 */
export interface TestSite {
  origin: string;
  outsideOrigin: string;
  /** Every request the site got: method, path and the Cookie header. */
  requests: { method: string; path: string; cookie: string }[];
  close: () => Promise<void>;
}

const SITE_DIR = path.join(process.cwd(), "e2e", "proxy", "site");
const TODOMVC_DIR = path.join(process.cwd(), "node_modules", "todomvc", "examples", "vanillajs");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".png": "image/png",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};
const USER = { name: "ada", password: "harbor", display: "Ada Lovelace" };

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/styles/site.css"></head><body>${body}</body></html>`;
}

function loginPage(error = ""): string {
  return page(
    "Sign in — Harbor Supplies",
    `<h1>Sign in</h1>${error ? `<p role="alert">${error}</p>` : ""}<form method="post" action="/login">` +
      `<label>User <input name="user" autocomplete="username"></label> <label>Password <input name="password" type="password"></label>` +
      `<button type="submit">Sign in</button></form>`,
  );
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

export async function startTestSite(): Promise<TestSite> {
  const sessions = new Set<string>();
  const requests: TestSite["requests"] = [];
  let origin = "";
  let outsideOrigin = "";

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, cookie: req.headers.cookie ?? "" });
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const html = (status: number, body: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);

    switch (url.pathname) {
      case "/login":
        if (req.method === "POST") {
          const form = await readForm(req);
          if (form.get("user") !== USER.name || form.get("password") !== USER.password) return html(401, loginPage("Wrong user or password."));
          const id = crypto.randomUUID();
          sessions.add(id);
          return res.writeHead(303, { location: "/account", "set-cookie": `sid=${id}; Path=/; HttpOnly; SameSite=Lax` }).end();
        }
        return html(200, loginPage());
      case "/account":
        if (!sid || !sessions.has(sid)) return res.writeHead(302, { location: "/login" }).end();
        return html(200, page("Your account — Harbor Supplies", `<h1>Your account</h1><p id="signed-in">Signed in as ${USER.display}</p><a href="/">Shop</a>`));
      case "/old-account":
        return res.writeHead(301, { location: `${origin}/account` }).end();
      case "/api/products":
        return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ products: [{ id: "rope", name: "Mooring rope" }] }));
      case "/redirect":
        return res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
      case "/slow":
        return void setTimeout(() => html(200, page("Slow", "<p>Finally</p>")), Number(url.searchParams.get("ms") ?? 1000));
      case "/large":
        return res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(Number(url.searchParams.get("bytes") ?? 1024)));
    }

    const todomvc = url.pathname.startsWith("/todomvc/");
    const dir = todomvc ? TODOMVC_DIR : SITE_DIR;
    const within = todomvc ? url.pathname.slice("/todomvc".length) : url.pathname;
    const file = path.join(dir, within.endsWith("/") ? `${within}index.html` : within);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return html(404, page("Not found", "<h1>Not found</h1>"));
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    let body: Buffer | string = fs.readFileSync(file);
    if (path.extname(file) === ".html") body = body.toString("utf8").replaceAll("{{ORIGIN}}", origin).replaceAll("{{OUTSIDE_ORIGIN}}", outsideOrigin);
    res.writeHead(200, { "content-type": type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  outsideOrigin = `http://localhost:${port}`;
  return {
    origin,
    outsideOrigin,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
