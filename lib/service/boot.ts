import { logFailure } from "@/lib/availability/unavailable";
import "server-only";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { seedDemoService } from "./demo-seed";
import { sweepProxySessions } from "./proxy/sessions";
import { AGENT_GONE_MS } from "./sessions/lifecycle";
import { endAbandonedSessions } from "./live/end";
import { databaseFailedWithin } from "@/lib/db/postgres-pool";
import { sweepSpentTokens } from "./core/spent-tokens";
import { ensureApiKey, ensureDefaultTeam } from "./teams/team";
import { startWebhookWorker } from "./webhooks";

const SWEEP_EVERY_MS = 15_000;

/** The key the console sends to the embedded service: COBROWSE_API_KEY, else one kept in the data folder. */
export function embeddedApiKey(): string {
  return loadSecret(env().DATA_DIR, SECRET_FILES.embeddedApiKey, env().COBROWSE_API_KEY);
}

/**
 * Provisions the embedded service: its first team, and when the console uses this service, the
 * console's key (and demo data when asked). Run under the start-up lock (lib/db/startup-lock.ts).
 */
export async function provisionEmbeddedService(db: Db, options: { seedDemo: boolean }): Promise<void> {
  const team = await ensureDefaultTeam(db);
  // Without a hosted API the console uses this one: for everything, or in on-premise mode for licence tokens.
  const consoleUsesIt = !env().COBROWSE_API_URL;
  // The console manages the team's settings, keys and webhook secret: its key has the admin scope.
  if (consoleUsesIt) await ensureApiKey(db, team.id, embeddedApiKey(), "Console", "admin");
  if (consoleUsesIt && !env().ONPREM_BASE_URL && options.seedDemo) await seedDemoService(db, team);
}

/**
 * Starts the service's background work: the webhook delivery worker, and the sweeper that ends abandoned
 * sessions and forgets expired spent tokens and proxy sessions (with their cookie jars). Every node runs both: deliveries are claimed with SKIP LOCKED and a session ends once,
 * whoever ends it. Returns what stops them, waiting for a delivery in flight.
 */
export function startEmbeddedWork(getDb: () => Promise<Db>): () => Promise<void> {
  const webhooks = startWebhookWorker({ getDb, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  const sweep = setInterval(() => {
    void getDb()
      .then((current) =>
        Promise.all([
          // Watch pages' presence could not be written while the database could not serve: their sessions
          // are judged again once it has served for a whole AGENT_GONE_MS.
          databaseFailedWithin(current, AGENT_GONE_MS) ? 0 : endAbandonedSessions(current),
          sweepSpentTokens(current),
          sweepProxySessions(current),
        ]),
      )
      .catch((error) => logFailure("Ending abandoned sessions or sweeping spent tokens or proxy sessions failed", error));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return async () => {
    clearInterval(sweep);
    await webhooks.stop();
  };
}
