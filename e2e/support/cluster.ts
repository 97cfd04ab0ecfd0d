import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { opaqueNodeId } from "../../lib/service/live/node-id";
import { startRedisServer, type RedisServer } from "../../lib/testing/redis-server";
import { serverDatabase } from "./postgres";
import { freePort, startServer, type RunningServer } from "./server";

const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";

export interface Cluster {
  /** nginx in front of both nodes: where browsers go. */
  url: string;
  /** Where nginx keeps its files (its error.log among them). */
  dir: string;
  nodes: { a: RunningServer; b: RunningServer };
  databaseUrl: string;
  redis: RedisServer;
  apiKey: string;
  /** What a node's live streams name it in `x-tandem-node`, from its TANDEM_NODE_NAME. */
  nodeId: (nodeName: string) => string;
  /** Starts a node again, on its port, after a stop (a fresh data folder: nodes keep none). */
  restart: (name: "a" | "b") => Promise<void>;
  /**
   * Starts a new node in place of a killed one, on its port, under a name of its own: a killed node's name
   * stays taken for 30 s (as an orchestrator's new process would be named after its own pid).
   */
  replace: (name: "a" | "b") => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * nginx with the project's proxy settings (deploy/nginx/tandem-proxy.conf) and the upstream settings of
 * deploy/nginx/example.conf in front of the nodes, its files in `dir`; resolves when it answers /healthz.
 * Also used by bench/scale-load.ts.
 */
export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<{ pid: number; stop: () => void }> {
  const temp = path.join(dir, "temp");
  fs.mkdirSync(temp, { recursive: true, mode: 0o777 });
  fs.chmodSync(temp, 0o777); // worker processes may run as another user
  const config = `
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  upstream tandem {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 64;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    include ${path.resolve("deploy/nginx/tandem-proxy.conf")};
  }
}`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), config);
  const test = spawnSync(NGINX, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  for (let tries = 0; ; tries++) {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok) break;
    if (tries > 100) throw new Error(`nginx did not come up:\n${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid!, stop: () => void child.kill("SIGTERM") };
}

export interface ClusterOptions {
  /** The PostgreSQL database the nodes share; by default one of DATABASE_URL's server, made for the cluster. */
  databaseUrl?: string;
  /** More configuration for every node. */
  env?: Record<string, string>;
}

/**
 * Two Tandem app nodes as deploy.md describes them: one PostgreSQL (DATABASE_URL, from
 * scripts/with-postgres.sh, unless given), a Redis of their own, the same shared secrets, separate data
 * folders, and nginx in front. The nodes start one after the other, as in a rolling deploy.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!options.databaseUrl && !process.env.DATABASE_URL)
    throw new Error("The scale-out specs need PostgreSQL: run them through scripts/with-postgres.sh (npm run test:scale does).");
  if (!fs.existsSync(NGINX)) throw new Error(`No nginx at ${NGINX}: install it with \`sudo apt-get install -y nginx\`.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-cluster-"));
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : (await serverDatabase(dir))!;
  const redis = await startRedisServer();
  const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${nginxPort}`;
  const apiKey = `cluster-key-${randomBytes(8).toString("hex")}`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    NEXTAUTH_URL: url,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    LINK_SIGNING_SECRET: randomBytes(32).toString("base64url"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    COBROWSE_API_KEY: apiKey,
    TANDEM_DEMO_SEED: "0",
    // nginx (on this host) appends the client's address, as docs/deploy.md configures it.
    TRUSTED_PROXIES: "loopback",
    ...options.env,
  };
  const startNode = (name: "a" | "b", port: number, nodeName = `node-${name}`) => startServer({ port, env: { ...shared, TANDEM_NODE_NAME: nodeName } });
  let replacements = 0;
  const nodes = { a: await startNode("a", portA), b: await startNode("b", portB) };
  const nginx = await startNginx(dir, nginxPort, [portA, portB]);
  return {
    url,
    dir,
    nodes,
    databaseUrl: database.url,
    redis,
    apiKey,
    nodeId: (nodeName) => opaqueNodeId(shared.LINK_SIGNING_SECRET, nodeName),
    restart: async (name) => {
      await nodes[name].stop();
      nodes[name] = await startNode(name, nodes[name].port);
    },
    replace: async (name) => {
      await nodes[name].stop();
      nodes[name] = await startNode(name, nodes[name].port, `node-${name}-${++replacements}`);
    },
    stop: async () => {
      nginx.stop();
      await Promise.all([nodes.a.stop(), nodes.b.stop()]);
      redis.stop();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
