import { spawn } from "node:child_process";
import path from "node:path";
import { BenchmarkFailure } from "./fail-loudly";

export interface BareProxy {
  /** The proxy's origin: `<origin><path>` is the site's `<path>`. */
  origin: string;
  /** Its process (tsx's, the proxy's node process beneath it), for its CPU. */
  pid: number;
  close: () => Promise<void>;
}

/** bench/bare-proxy-server.ts in front of `siteOrigin`, in a process of its own; fails the benchmark if it does not start. */
export async function startBareProxy(siteOrigin: string): Promise<BareProxy> {
  const child = spawn(path.join("node_modules", ".bin", "tsx"), [path.join("bench", "bare-proxy-server.ts"), siteOrigin], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("error", (error) => reject(new BenchmarkFailure(`the bare proxy did not start: ${error.message}`)));
    child.once("exit", (code) => reject(new BenchmarkFailure(`the bare proxy stopped (exit ${code}) before it listened`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
