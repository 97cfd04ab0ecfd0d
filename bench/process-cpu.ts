/** CPU used per process tree and by the whole machine, read from /proc: what the load benchmarks report. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

export function procStat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // After the name: state, ppid, …; utime, stime, cutime, cstime are fields 14–17 of stat(5).
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return { ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime };
  } catch {
    return null; // gone
  }
}

/**
 * CPU seconds used so far by each tree of processes: each process's own time and its reaped children's
 * (cutime/cstime), so a PostgreSQL backend that exits still counts, through the postmaster.
 */
export function cpuSeconds(roots: Record<string, number[]>): Record<string, number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const result: Record<string, number> = {};
  for (const [name, pids] of Object.entries(roots)) {
    let ticks = 0;
    const queue = [...pids];
    while (queue.length) {
      const pid = queue.pop()!;
      ticks += stats.get(pid)?.ticks ?? 0;
      queue.push(...(children.get(pid) ?? []));
    }
    result[name] = ticks / CLOCK_TICKS;
  }
  return result;
}

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const [, ...numbers] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = numbers.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / CLOCK_TICKS, total: (busy + idle + iowait) / CLOCK_TICKS };
}
