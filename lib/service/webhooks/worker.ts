import { logFailure } from "@/lib/availability/unavailable";
import type { Db } from "@/lib/db";
import { deliverDueWebhooks } from "./outbox";

export type WebhookWorker = { stop(): Promise<void> };
export type WebhookWorkerOptions = { getDb: () => Promise<Db>; intervalMs?: number; allowPrivate: boolean };

// The service and Next's bundles may each load this module in one process: one worker serves them all.
const slot = Symbol.for("tandem.webhookWorker");
type Holder = { [slot]?: WebhookWorker };

/**
 * Delivers due webhooks every `intervalMs` (at once again after a full batch). Runs never overlap in
 * one process; across processes the claim's SKIP LOCKED keeps them apart. Errors are logged, not fatal.
 * A second start in the same process returns the running worker.
 */
export function startWebhookWorker({ getDb, intervalMs = 1000, allowPrivate }: WebhookWorkerOptions): WebhookWorker {
  const holder = globalThis as Holder;
  const running = holder[slot];
  if (running) return running;

  const limit = 20;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref(); // never keeps the process alive on its own
  };
  const tick = () => {
    inFlight = (async () => {
      let fullBatch = false;
      try {
        const run = await deliverDueWebhooks(await getDb(), { allowPrivate, limit });
        fullBatch = run.claimed === limit;
      } catch (error) {
        logFailure("Webhook delivery run failed", error);
      }
      inFlight = undefined;
      schedule(fullBatch ? 0 : intervalMs);
    })();
  };

  const worker: WebhookWorker = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      if (holder[slot] === worker) delete holder[slot];
    },
  };
  holder[slot] = worker;
  schedule(0);
  return worker;
}
