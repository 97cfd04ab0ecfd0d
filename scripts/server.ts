/**
 * Tandem's HTTP server, started by `npm start`: Next's request handler, except for the live routes of
 * app/direct-routes.ts, which it calls directly (lib/http/direct-routes.ts) once the server's bundle has
 * registered them (instrumentation.ts, first thing at start-up; until then Next serves them too).
 * Stopping is Tandem's own (lib/lifecycle/shutdown.ts): SIGTERM drains, then exits.
 */
import { createServer } from "node:http";
import next from "next";
import { serveDirect } from "../lib/http/direct-routes";

const port = Number(process.env.PORT ?? 3000);
const app = next({ dev: false, hostname: "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  if (!serveDirect(req, res)) void handle(req, res);
});
// Idle keep-alive connections stay open a minute (Node's default is 5 s): a client or load balancer
// reusing one just as the server closes it sees ECONNRESET. A proxy should close first (nginx: 4 s).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port);
