import { DatabaseLockedError } from "../lib/db/lock";
import { ConfigError } from "../lib/env/schema";

/** Runs a command-line task: expected failures print one clear line and exit 1, without a stack trace. */
export async function runScript(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
