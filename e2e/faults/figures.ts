import type { MemorySample, Readiness } from "./probes";
import { isBroken, type Answer } from "./traffic";

/** One fault as it ran: when it began and ended, and until when its aftermath was watched. */
export interface FaultWindow {
  name: string;
  start: number;
  end: number;
  watchedUntil: number;
}

/** What went wrong for clients: no answer, a server error, a refusal to wait (429, 503). */
const failed = (answer: Answer) => answer.status === 0 || answer.status >= 500 || answer.status === 429;

export interface FaultFigures {
  name: string;
  seconds: number;
  requests: number;
  /** Failed answers by status ("0" = none), from the fault's start until the watch ended. */
  failedByStatus: Record<string, number>;
  /** The same by kind of request. */
  failedByKind: Record<string, number>;
  /** Failed answers to requests sent after the fault ended, by kind. */
  failedAfterByKind: Record<string, number>;
  /** 503s without Retry-After. */
  withoutRetryAfter: number;
  /** Answers no client should get (see isBroken). */
  broken: number;
  longestMs: number;
  /** Requests answered in over 5 s. */
  over5s: number;
  /** From the fault's end until the last request that failed was sent (0 when none failed after it). */
  requestsNormalAfterMs: number;
  /** From the fault's end until every node said ready again. */
  readyAfterMs: number | null;
  /** Whether every node said not ready during the fault (for the faults they should). */
  notReadyDuring: boolean;
  memory: Record<string, { before: number; peak: number; after: number }>;
}

/** The figures of one fault; `nodes` are those expected to serve after it (a killed node is not). */
export function figuresOf(window: FaultWindow, answers: Answer[], readiness: Readiness[], memory: MemorySample[], nodes: string[]): FaultFigures {
  // The answers that came while the fault lasted and its aftermath was watched.
  const watched = answers.filter((answer) => answer.started + answer.ms >= window.start && answer.started + answer.ms < window.watchedUntil);
  const failures = watched.filter(failed);
  const failedByStatus: Record<string, number> = {};
  const failedByKind: Record<string, number> = {};
  for (const answer of failures) failedByStatus[answer.status] = (failedByStatus[answer.status] ?? 0) + 1;
  for (const answer of failures) failedByKind[answer.kind] = (failedByKind[answer.kind] ?? 0) + 1;
  const failedAfterByKind: Record<string, number> = {};
  for (const answer of failures.filter((failure) => failure.started >= window.end)) failedAfterByKind[answer.kind] = (failedAfterByKind[answer.kind] ?? 0) + 1;
  const lastFailure = Math.max(window.end, ...failures.map((answer) => answer.started));
  const readyAt = (node: string) =>
    readiness.filter((entry) => entry.node === node && entry.at >= window.end && entry.at < window.watchedUntil).find((entry) => entry.status === 200)?.at;
  const readyTimes = nodes.map(readyAt);
  const during = readiness.filter((entry) => entry.at > window.start + 1_000 && entry.at < window.end);
  const memoryOf = (node: string) => {
    const samples = memory.filter((sample) => sample.node === node);
    const before = samples.filter((sample) => sample.at >= window.start - 5_000 && sample.at < window.start).map((sample) => sample.rssMiB);
    const inside = samples.filter((sample) => sample.at >= window.start && sample.at < window.watchedUntil).map((sample) => sample.rssMiB);
    return { before: Math.max(0, ...before), peak: Math.max(0, ...inside), after: inside.at(-1) ?? 0 };
  };
  return {
    name: window.name,
    seconds: Math.round((window.end - window.start) / 1000),
    requests: watched.length,
    failedByStatus,
    failedByKind,
    failedAfterByKind,
    withoutRetryAfter: watched.filter((answer) => answer.status === 503 && !answer.retryAfter).length,
    broken: watched.filter(isBroken).length,
    longestMs: Math.max(0, ...watched.map((answer) => answer.ms)),
    over5s: watched.filter((answer) => answer.ms > 5_000).length,
    requestsNormalAfterMs: lastFailure - window.end,
    readyAfterMs: readyTimes.every((at) => at !== undefined) ? Math.max(0, ...readyTimes.map((at) => at! - window.end)) : null,
    notReadyDuring: nodes.every((node) => during.some((entry) => entry.node === node && entry.status !== 200)),
    memory: Object.fromEntries([...new Set(memory.map((sample) => sample.node))].map((node) => [node, memoryOf(node)])),
  };
}

const seconds = (ms: number | null) => (ms === null ? "never" : `${(ms / 1000).toFixed(1)} s`);

/** The figures as the table docs/benchmarks.md keeps. */
export function figuresTable(rows: (FaultFigures & { lost: string })[]): string {
  const lines = [
    "| fault | requests | failed, by status | longest answer | over 5 s | requests normal after | ready after | lost or duplicated | memory MiB (before / peak / after) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const failures = Object.entries(row.failedByStatus)
      .map(([status, count]) => `${count} × ${status === "0" ? "no answer" : status}`)
      .join(", ");
    const memory = Object.entries(row.memory)
      .map(([node, m]) => `${node}: ${m.before.toFixed(0)} / ${m.peak ? `${m.peak.toFixed(0)} / ${m.after.toFixed(0)}` : "killed"}`)
      .join("; ");
    lines.push(
      `| ${row.name} (${row.seconds} s) | ${row.requests} | ${failures || "none"} | ${seconds(row.longestMs)} | ${row.over5s} | ${seconds(row.requestsNormalAfterMs)} | ${seconds(row.readyAfterMs)} | ${row.lost} | ${memory} |`,
    );
  }
  return lines.join("\n");
}
