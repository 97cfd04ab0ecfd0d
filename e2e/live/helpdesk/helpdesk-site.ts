import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { buildViewerPackage, packViewerPackage } from "../../../scripts/build-viewer-package";

/** The helpdesk's agent, who becomes the session's agent through the viewer token. */
export const HELPDESK_AGENT = { id: "hd-agent-7", name: "Hana Helpdesk" };

/**
 * A helpdesk's own page, as its developers would write it: `/ticket/<visitor>` mints a viewer token on
 * the helpdesk's server (with the team's secret key, which stays there) and mounts Tandem's viewer from
 * /viewer.js; `/mount#<json>` mounts a token given in its fragment (`?startTimeoutMs=` shortens the
 * viewer's wait for its frame). `window.viewer` drives it and `window.events` keeps what it reported, in order.
 */
function hostPage(tandemUrl: string, given: { token: string; endpoint: string } | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ticket · Helpdesk</title>
<style>body{margin:0;font:14px sans-serif}#toolbar{height:40px}#viewer{width:1300px;height:900px}</style></head>
<body><div id="toolbar"><span id="status">Connecting…</span></div><div id="viewer"></div>
<script type="module">
  import { mountViewer } from ${JSON.stringify(`${tandemUrl}/viewer.js`)};
  const given = ${JSON.stringify(given)} ?? JSON.parse(decodeURIComponent(location.hash.slice(1)));
  window.events = [];
  const startTimeoutMs = Number(new URLSearchParams(location.search).get("startTimeoutMs")) || undefined;
  window.viewer = mountViewer(document.getElementById("viewer"), { ...given, startTimeoutMs });
  for (const name of ["state", "ended", "error"]) {
    window.viewer.on(name, (detail) => {
      window.events.push({ event: name, ...detail });
      document.getElementById("status").textContent = name + ": " + (detail.status ?? detail.reason ?? detail.code);
    });
  }
</script></body></html>`;
}

const reactPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React helpdesk</title></head><body><div id="root"></div><script type="module" src="/react-app.js"></script></body></html>`;

/** The React wrapper as a host app gets it: built, packed, installed from its tarball, bundled with the app. */
async function bundleReactApp(): Promise<string> {
  const app = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-react-host-"));
  await buildViewerPackage();
  const tarball = packViewerPackage(app);
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "react-host", private: true }));
  // React comes from the repository (the host app's own): the tarball is all that is installed.
  execFileSync("npm", ["install", "--offline", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--legacy-peer-deps", tarball], { cwd: app });
  const result = await build({
    entryPoints: [path.resolve("e2e/live/helpdesk/react-app.tsx")],
    bundle: true,
    write: false,
    format: "esm",
    jsx: "automatic",
    nodePaths: [path.join(app, "node_modules"), path.resolve("node_modules")],
    define: { "process.env.NODE_ENV": '"production"' },
    // The repository's path to the package's sources (for the type check) must not be taken here.
    tsconfigRaw: "{}",
    metafile: true,
    logLevel: "warning",
  });
  fs.rmSync(app, { recursive: true, force: true });
  if (!Object.keys(result.metafile.inputs).some((input) => input.includes("node_modules/@tandem/viewer-react/dist/index.js"))) {
    throw new Error("The host app was not built from the installed package");
  }
  return result.outputFiles[0].text;
}

/** The helpdesk's server; `withReactApp` also serves the React wrapper's host app at /react. */
export async function startHelpdeskSite(tandemUrl: string, apiKey: string, options: { withReactApp?: boolean } = {}) {
  const minted: { token: string; session_id: string; endpoint: string }[] = [];
  const reactApp = options.withReactApp ? await bundleReactApp() : "";
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://helpdesk");
    const ticket = /^\/ticket\/(\w+)$/.exec(url.pathname);
    if (ticket) {
      const answer = await fetch(`${tandemUrl}/v1.4/visitors/${ticket[1]}/viewer_token`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ viewer: HELPDESK_AGENT }),
      }).then((response) => response.json());
      minted.push(answer);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostPage(tandemUrl, { token: answer.token, endpoint: answer.endpoint }));
    } else if (url.pathname === "/mount") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostPage(tandemUrl, null));
    else if (url.pathname === "/react") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(reactPage);
    else if (url.pathname === "/react-app.js") res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(reactApp);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The helpdesk's origin, which the team allows to embed. */
    origin: `http://127.0.0.1:${port}`,
    /** The same site under a name the team does not allow. */
    otherOrigin: `http://localhost:${port}`,
    minted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
