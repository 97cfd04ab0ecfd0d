import "server-only";
import { seedDemoUsers } from "@/lib/console/demo-users";
import { startUsageRecorder } from "@/lib/console/usage/recorder";
import { ensureAdmin } from "@/lib/console/users";
import { getDb } from "@/lib/db";
import { DatabaseLockedError } from "@/lib/db/lock";
import { ConfigError, env } from "@/lib/env";
import { startEmbeddedService } from "@/lib/service/boot";

/**
 * Runs once when the server starts: validates the configuration (a bad value stops start-up with one
 * line naming it), opens and migrates the database, seeds demo data into an empty one when asked, and
 * makes sure the configured admin exists.
 */
export async function bootOrExit(): Promise<void> {
  try {
    await boot();
  } catch (error) {
    // One line, no stack: a bad variable, a locked database folder, an unreachable PostgreSQL.
    const known = error instanceof ConfigError || error instanceof DatabaseLockedError;
    console.error(known ? (error as Error).message : `Tandem could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function boot(): Promise<void> {
  env();
  const db = await getDb();
  const { ADMIN_EMAIL, ADMIN_PASSWORD, DATA_DIR, TANDEM_DEMO_SEED } = env();
  if (TANDEM_DEMO_SEED) await seedDemoUsers(db, DATA_DIR);
  if (ADMIN_EMAIL && ADMIN_PASSWORD) await ensureAdmin(db, ADMIN_EMAIL, ADMIN_PASSWORD);
  await startEmbeddedService(getDb, { seedDemo: TANDEM_DEMO_SEED });
  startUsageRecorder();
}
