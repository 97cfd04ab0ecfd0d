"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { ConsoleEntry } from "@/lib/contract";

/** The panel keeps the latest messages; older ones scroll out of it. */
const KEPT_ENTRIES = 500;

const KIND_LABEL: Record<ConsoleEntry["kind"], string> = {
  log: "log",
  info: "info",
  warn: "warn",
  error: "error",
  exception: "uncaught",
  rejection: "unhandled rejection",
  network: "network",
};

const KIND_TONE: Record<ConsoleEntry["kind"], string> = {
  log: "text-zinc-700 dark:text-zinc-300",
  info: "text-sky-800 dark:text-sky-300",
  warn: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  error: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
  exception: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
  rejection: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
  network: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
};

export interface ConsoleLog {
  entries: Array<ConsoleEntry & { key: number }>;
  dropped: number;
}

/** The remote console's messages as they arrive on the watch page's stream. */
export function useConsoleLog() {
  const [log, setLog] = useState<ConsoleLog & { next: number }>({ entries: [], dropped: 0, next: 0 });
  const add = useCallback((entries: ConsoleEntry[], dropped: number) => {
    setLog((current) => ({
      entries: [...current.entries, ...entries.map((entry, index) => ({ ...entry, key: current.next + index }))].slice(-KEPT_ENTRIES),
      dropped: current.dropped + dropped,
      next: current.next + entries.length,
    }));
  }, []);
  return { log, add };
}

function entryText(entry: ConsoleEntry): string {
  if (entry.kind !== "network") return entry.text;
  return `${entry.method} ${entry.url} ${entry.status === null ? "network error" : entry.status}`;
}

/** What the visitor's page writes to its console, shown to the agent; it runs nothing on the page. */
export function ConsolePanel({ log }: { log: ConsoleLog }) {
  const list = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // New messages keep the list at its end, unless the agent scrolled up to read older ones.
  useLayoutEffect(() => {
    if (following.current && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [log.entries]);
  return (
    <section aria-label="Console" className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Console</h2>
        {log.dropped ? (
          <span data-testid="console-dropped" className="text-xs text-amber-700 dark:text-amber-300">
            {`${log.dropped} ${log.dropped === 1 ? "message" : "messages"} left out (over the limits)`}
          </span>
        ) : null}
      </div>
      <div
        ref={list}
        role="log"
        // Scrollable: reachable by keyboard, so the arrow keys read older messages.
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          following.current = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
        }}
        aria-label="Console messages"
        className="max-h-56 overflow-y-auto rounded-md border border-zinc-300 bg-white font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
      >
        {log.entries.length ? null : (
          <p className="px-3 py-2 text-zinc-500">{"Nothing yet: the page's console messages, errors and failed requests appear here."}</p>
        )}
        {log.entries.map((entry) => (
          <div
            key={entry.key}
            data-kind={entry.kind}
            className={`border-b border-zinc-100 px-3 py-1 last:border-b-0 dark:border-zinc-800 ${KIND_TONE[entry.kind]}`}
          >
            <span className="mr-2 font-semibold">{KIND_LABEL[entry.kind]}</span>
            <span className="whitespace-pre-wrap break-words">{entryText(entry)}</span>
            {"stack" in entry && entry.stack ? <pre className="mt-0.5 whitespace-pre-wrap break-words opacity-80">{entry.stack}</pre> : null}
          </div>
        ))}
      </div>
    </section>
  );
}
