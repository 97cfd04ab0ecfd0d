import "server-only";
import { describeApiError } from "../api-errors";
import { apiConnection, type ConnectionMode } from "../api";

export type ConnectionCheck = { mode: ConnectionMode; label: string; checkedAt: string } & ({ ok: true; latencyMs: number } | { ok: false; error: string });

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
