import "server-only";
import { createServiceAdminClient, type ServiceAdminClient } from "@/lib/client";
import { apiConnection } from "../api";

let cached: ServiceAdminClient | undefined;

/** The embedded service's admin API, or null when the console speaks to a hosted or on-premise API. */
export function serviceAdmin(): ServiceAdminClient | null {
  const embedded = apiConnection().embedded;
  if (!embedded) return null;
  cached ??= createServiceAdminClient(embedded);
  return cached;
}
