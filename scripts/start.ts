/**
 * `npm start`: validates the configuration, builds when the build is missing or older than the
 * sources, keeps an auth secret in the data folder, starts Tandem's server (scripts/server.ts, which
 * migrates and seeds demo data into an empty database), then prints where to go and how to sign in.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { secureDataDir } from "../lib/data-dir";
import { loadSecret, SECRET_FILES } from "../lib/secrets";
import { demoCredentialsFile } from "../lib/console/users/demo-users";
import { ConfigError, parseEnv, type Env } from "../lib/env/schema";
import { dropUnwritableOutput } from "../lib/lifecycle/closed-output";
import { buildIsStale } from "./build-state";
import { buildVisitorScript } from "./build-visitor-script";

const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

dropUnwritableOutput();
const config = readConfig();
secureDataDir(config);

const url = config.NEXTAUTH_URL ?? `http://localhost:${config.PORT}`;
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(config.PORT),
  NEXTAUTH_URL: url,
  NEXTAUTH_SECRET: loadSecret(config.DATA_DIR, SECRET_FILES.auth, config.NEXTAUTH_SECRET),
  TANDEM_DEMO_SEED: process.env.TANDEM_DEMO_SEED ?? "1",
};

if (buildIsStale()) {
  console.log("Building Tandem (first start or changed sources)…");
  await buildVisitorScript();
  const build = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: { ...childEnv, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) fail("The build failed; see the output above.");
}

// The server says when it listens (an IPC message): another program answering on a taken port is not it.
const server = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "server.ts")], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: childEnv,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function waitUntilListening(timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    server.once("message", (message: { listening?: boolean }) => {
      clearTimeout(timer);
      resolve(message.listening === true);
    });
  });
}

if (await waitUntilListening(120_000)) {
  const proxy = new URL(config.PROXY_PUBLIC_URL ?? url);
  if (!config.PROXY_PUBLIC_URL) proxy.port = String(config.PROXY_PORT);
  const lines = [``, `  Tandem is running at ${url}`, `  Its universal proxy (proxy session links) answers at ${proxy.origin}`];
  // The passwords themselves are printed once, by the server, when it creates the demo users.
  const demo = childEnv.TANDEM_DEMO_SEED === "1" && fs.existsSync(demoCredentialsFile(config.DATA_DIR));
  if (demo) lines.push(`  Sign in as one of the demo users: their passwords are in ${demoCredentialsFile(config.DATA_DIR)}`);
  if (config.ADMIN_EMAIL) lines.push(`  Admin from ADMIN_EMAIL: ${config.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`);
  if (!demo && !config.ADMIN_EMAIL) lines.push(`  Open it to sign in, or to create the first admin on a new database.`);
  console.log(lines.join("\n") + "\n");
}
