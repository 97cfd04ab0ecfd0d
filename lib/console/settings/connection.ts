import "server-only";
import { describeApiError } from "../api-errors";
import { apiConnection } from "../api";
import type { ConnectionCheck } from "../reads/settings";

/** Whether the API answers, timed on a cheap authenticated call (usage), so a bad key shows too. */
export async function checkConnection(): Promise<ConnectionCheck> {
  const connection = apiConnection();
  const base = { mode: connection.mode, label: connection.label };
  const started = performance.now();
  try {
    await connection.cloud.getUsage();
    return { ...base, checkedAt: new Date().toISOString(), ok: true, latencyMs: Math.max(1, Math.round(performance.now() - started)) };
  } catch (error) {
    return { ...base, checkedAt: new Date().toISOString(), ok: false, error: describeApiError(error) };
  }
}
