import { drain } from "./draining";

/** How long a stopping node waits for requests still running before it stops anyway. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop being ready, close the live streams (browsers reconnect to another node),
 * let requests in flight finish, then run `release` (background work, Redis, the database) and exit.
 * Tandem's server (scripts/server.ts) leaves signals to this: Next's own handlers belong to `next start` only.
 */
export function stopGracefully(release: () => Promise<void>, log: (line: string) => void = console.log): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      log(`${signal}: draining this app node…`);
      if (!(await drain(DRAIN_TIMEOUT_MS))) log(`Requests still running after ${DRAIN_TIMEOUT_MS / 1000} s: stopping anyway.`);
      await release().catch((error) => console.error("Releasing resources on shutdown failed:", error));
      log("Stopped.");
      process.exit(0);
    })();
  };
  // `on`, not `once`: the signal often comes twice (to the process group, and forwarded by `npm start`),
  // and a second one without a listener would end the process mid-drain.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
