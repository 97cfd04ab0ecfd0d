import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { freePort, startServer, type RunningServer } from "./support/server";

// The server as an operator runs it for months: no process left behind, no warning at start, and a node
// that cannot listen stops with a clear line and a failing status. A server of its own, to read its output.
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ env: { ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "the operator password" } });
});
test.afterAll(async () => server?.stop());

/** The processes of the server's group: pid, parent, state and command name, read from /proc. */
function processesOfGroup(leader: number) {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        // pid (comm) state ppid pgrp …; comm may hold spaces, so read after its closing parenthesis.
        const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
        return Number(pgrp) === leader
          ? [{ pid: Number(pid), ppid: Number(ppid), state, command, comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) }]
          : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

test("sign-ins and concurrent pages leave no process behind once the password threads idle out, and print no warning", async ({ request }) => {
  test.setTimeout(150_000);
  const signIn = async () => {
    const { csrfToken } = await (await request.get(`${server.url}/api/auth/csrf`)).json();
    const response = await request.post(`${server.url}/api/auth/callback/credentials`, {
      form: { csrfToken, email: "ops@example.com", password: "the operator password", json: "true" },
    });
    expect(response.status()).toBe(200);
  };
  for (let i = 0; i < 3; i++) await signIn();
  await Promise.all([signIn(), ...Array.from({ length: 8 }, () => request.get(`${server.url}/login`)), request.get(`${server.url}/healthz`)]);

  const node = processesOfGroup(server.pid).find((process) => process.command.includes("scripts/server.ts"));
  expect(node, JSON.stringify(processesOfGroup(server.pid))).toBeDefined();
  const threads = () => fs.readdirSync(`/proc/${node!.pid}/task`).length;
  const children = () => processesOfGroup(server.pid).filter((process) => process.ppid === node!.pid);
  // The password pool's threads end after a minute without work. A thread that had started a child
  // process of its own (tsx's esbuild, when workers inherited the loader) left it defunct, one a sign-in.
  const busy = threads();
  await expect.poll(threads, { timeout: 120_000, intervals: [2_000] }).toBeLessThan(busy);
  expect(
    children().filter((child) => child.state === "Z"),
    JSON.stringify(children()),
  ).toEqual([]);
  expect(server.output()).not.toMatch(/Warning/);
});

test("a second server on a taken port stops with one line and a non-zero status", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-taken-port-"));
  try {
    // On PGlite in a folder of its own: only the port is shared.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(server.port),
      PROXY_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      NEXTAUTH_URL: server.url,
      TANDEM_DEMO_SEED: "0",
    };
    delete env.DATABASE_URL;
    const second = spawn(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/start.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    second.stdout!.on("data", (chunk) => (stdout += chunk));
    second.stderr!.on("data", (chunk) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => second.once("exit", (code) => resolve(code)));
    expect(status).toBe(1);
    expect(stderr.trim()).toBe(
      `Tandem could not start: port ${server.port} is already in use by another program. Stop that program, or set PORT to a free port.`,
    );
    // It never claimed to run: the server answering on that port is the first one.
    expect(stdout).not.toContain("Tandem is running");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a server whose output nobody reads any more keeps serving, and stops on SIGTERM", async () => {
  test.setTimeout(120_000);
  const unread = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
  try {
    unread.closeOutput();
    // Pages Next renders and the service's answers, then the drain's own lines: each write now fails.
    for (const path of ["/healthz", "/login", "/healthz"]) expect((await fetch(`${unread.url}${path}`)).status).toBe(200);
    process.kill(-unread.pid, "SIGTERM");
    await expect.poll(() => processesOfGroup(unread.pid).length, { timeout: 20_000 }).toBe(0);
  } finally {
    await unread.stop();
  }
});
