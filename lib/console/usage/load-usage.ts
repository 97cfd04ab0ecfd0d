import "server-only";
import { cache } from "react";
import type { Usage } from "@/lib/client";
import { apiConnection } from "@/lib/console/api";
import { getDb } from "@/lib/db";
import { recordSnapshot } from "./snapshot-store";

/**
 * The usage figures for one page view (deduplicated across its widgets), stored as a snapshot when none
 * is from the last 5 minutes. A failing database write does not hide figures the API did answer.
 */
export const loadUsage = cache(async (): Promise<Usage> => {
  const usage = await apiConnection().cloud.getUsage();
  try {
    await recordSnapshot(await getDb(), usage);
  } catch (error) {
    console.warn(`Usage snapshot not stored: ${error instanceof Error ? error.message : String(error)}`);
  }
  return usage;
});
