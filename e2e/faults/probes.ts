import fs from "node:fs";
import { sleep, type Traffic } from "./traffic";

/** API reads as an agent's tools make them: a visitor, the latest visitors, the online ones, usage. */
export async function readApi(traffic: Traffic, apiKey: string, visitorIds: () => string[], everyMs: number): Promise<void> {
  const headers = { "x-api-key": apiKey };
  while (traffic.running) {
    const ids = visitorIds();
    const pick = Math.random();
    if (pick < 0.5 && ids.length) await traffic.call("api visitor", `/v1.3/visitors/${ids[Math.floor(Math.random() * ids.length)]}`, { headers });
    else if (pick < 0.75) await traffic.call("api list", "/v1.3/list?max_results=20", { headers });
    else if (pick < 0.9) await traffic.call("api search", `/v1.3/list?search=${encodeURIComponent("online")}`, { headers });
    else await traffic.call("api usage", "/v1.3/usage", { headers });
    await sleep(everyMs);
  }
}

export interface Readiness {
  node: string;
  at: number;
  status: number;
  body: string;
}

/** Asks each node's /readyz directly (as a load balancer's health check does) every `everyMs`. */
export async function pollReadiness(traffic: Traffic, nodes: () => Record<string, string>, everyMs: number, into: Readiness[]): Promise<void> {
  while (traffic.running) {
    await Promise.all(
      Object.entries(nodes()).map(async ([node, url]) => {
        const at = Date.now();
        try {
          const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
          into.push({ node, at, status: response.status, body: await response.text() });
        } catch {
          into.push({ node, at, status: 0, body: "" });
        }
      }),
    );
    await sleep(everyMs);
  }
}

export interface MemorySample {
  node: string;
  at: number;
  /** Resident memory of the node's server process, MiB. */
  rssMiB: number;
}

/** The node's server process (scripts/server.ts), in the process group `npm start`'s script leads. */
function serverPid(leader: number): number | null {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (group === leader && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("scripts/server.ts")) return Number(entry);
    } catch {
      // gone
    }
  }
  return null;
}

function rssMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples each node's server memory every `everyMs`. */
export async function sampleMemory(traffic: Traffic, leaders: () => Record<string, number>, everyMs: number, into: MemorySample[]): Promise<void> {
  const pids = new Map<number, number | null>();
  while (traffic.running) {
    for (const [node, leader] of Object.entries(leaders())) {
      if (!pids.get(leader)) pids.set(leader, serverPid(leader));
      const pid = pids.get(leader);
      const rss = pid ? rssMiB(pid) : null;
      if (rss !== null) into.push({ node, at: Date.now(), rssMiB: rss });
    }
    await sleep(everyMs);
  }
}
