import "server-only";
import { demoCredentialsNotice, seedDemoUsers, type DemoCredential } from "@/lib/console/users/demo-users";
import { seedDemoUsageHistory } from "@/lib/console/usage/demo-history";
import { startUsageRecorder, stopUsageRecorder } from "@/lib/console/usage/recorder";
import { ensureAdmin } from "@/lib/console/users/users";
import { secureDataDir } from "@/lib/data-dir";
import { closeDatabase, getDb } from "@/lib/db";
import { DatabaseLockedError } from "@/lib/db/lock";
import { underStartupLock } from "@/lib/db/startup-lock";
import { ConfigError, env } from "@/lib/env";
import { joinNodeRegistry } from "@/lib/lifecycle/node-registry";
import { stopGracefully } from "@/lib/lifecycle/shutdown";
import { closeSharedRedis, sharedRedis } from "@/lib/redis";
import { provisionEmbeddedService, startEmbeddedWork } from "@/lib/service/boot";
import { closeLiveRelay, nodeName } from "@/lib/service/live/node-relay";
import { recordingStore } from "@/lib/service/live/recordings";

/**
 * Runs once when the server starts: validates the configuration (a bad value stops start-up with one
 * line naming it), opens and migrates the database, seeds demo data into an empty one when asked, and
 * makes sure the configured admin exists.
 */
export async function bootOrExit(): Promise<void> {
  try {
    await boot();
  } catch (error) {
    // One line, no stack: a bad variable, a locked database folder, an unreachable PostgreSQL or Redis.
    const known = error instanceof ConfigError || error instanceof DatabaseLockedError;
    console.error(known ? (error as Error).message : `Tandem could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function boot(): Promise<void> {
  const config = env();
  // Before anything is written: the data folder and whatever Tandem and PGlite create in it stay this account's.
  secureDataDir(config);
  // Several app nodes: refuse to start with secrets that differ from the nodes already running.
  const redis = sharedRedis();
  const leaveRegistry = redis ? await joinNodeRegistry(redis, nodeName(), config) : async () => {};
  const { ADMIN_EMAIL, ADMIN_PASSWORD, DATA_DIR, TANDEM_DEMO_SEED } = config;
  let demoUsers: DemoCredential[] | null = null;
  try {
    // One node at a time, in one transaction: nodes starting together on an empty database make one team.
    await underStartupLock(await getDb(), async (db) => {
      if (TANDEM_DEMO_SEED) demoUsers = await seedDemoUsers(db, DATA_DIR);
      // A new demo's Trends start with a few days of history, rather than empty for the first ten minutes.
      if (demoUsers) await seedDemoUsageHistory(db);
      if (ADMIN_EMAIL && ADMIN_PASSWORD) await ensureAdmin(db, ADMIN_EMAIL, ADMIN_PASSWORD);
      await provisionEmbeddedService(db, { seedDemo: TANDEM_DEMO_SEED });
    });
  } catch (error) {
    await leaveRegistry(); // a node that did not start frees its name at once
    throw error;
  }
  // Printed when created (once the transaction has made them real), never again at later starts.
  if (demoUsers) console.log(demoCredentialsNotice(demoUsers, DATA_DIR));
  const stopService = startEmbeddedWork(getDb);
  startUsageRecorder();
  stopGracefully(async () => {
    stopUsageRecorder();
    await stopService();
    await recordingStore().flushAll();
    await leaveRegistry();
    await closeLiveRelay();
    await closeSharedRedis();
    await closeDatabase();
  });
}
