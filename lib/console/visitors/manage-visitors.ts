import "server-only";
import { ActionError } from "@/lib/console/action";
import { apiConnection } from "@/lib/console/api";
import { describeApiError } from "@/lib/console/api-errors";

const NOT_ON_PREMISE = "This is not available with an on-premise deployment.";

function cloudOnly() {
  const connection = apiConnection();
  if (connection.mode === "onprem") throw new ActionError(NOT_ON_PREMISE);
  return connection.cloud;
}

async function apiCall<T>(call: () => Promise<T>, messages: Parameters<typeof describeApiError>[1] = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ActionError(describeApiError(error, messages));
  }
}

export async function stopVisitorSession(visitorId: string): Promise<void> {
  const cloud = cloudOnly();
  await apiCall(() => cloud.stopSession(visitorId), { not_found: "This visitor no longer exists, or has no session." });
}

export async function deleteVisitor(visitorId: string): Promise<void> {
  const cloud = cloudOnly();
  await apiCall(() => cloud.deleteVisitor(visitorId), {
    conflict: "The visitor is online and can't be deleted.",
    not_found: "This visitor no longer exists.",
  });
}

/** The most the list API returns at once (the embedded service's cap). */
const COUNT_CAP = 500;

export interface PurgeResult {
  removed: number;
  /** True when there were more offline visitors than one list can count: `removed` is then a floor. */
  atLeast: boolean;
}

/**
 * Deletes every offline Visitor. The API answers no count, so the offline visitors are counted before
 * and after through the list API.
 */
export async function purgeOfflineVisitors(): Promise<PurgeResult> {
  const cloud = cloudOnly();
  const countOffline = () => apiCall(async () => (await cloud.listVisitors({ search: "-online", maxResults: COUNT_CAP })).length);
  const before = await countOffline();
  await apiCall(() => cloud.purgeOfflineVisitors());
  const after = await countOffline();
  return { removed: Math.max(0, before - after), atLeast: before >= COUNT_CAP };
}

export async function createProxyLink(input: { initialUrl?: string; allowedDomains?: string[]; retryUrl?: string }): Promise<string> {
  const { cloud } = apiConnection();
  const { proxy_url } = await apiCall(
    () =>
      cloud.createProxySession({
        ...(input.initialUrl ? { initial_url: input.initialUrl } : {}),
        ...(input.allowedDomains?.length ? { allowed_domains: input.allowedDomains } : {}),
        branding: { retry_url: input.retryUrl ?? null },
      }),
    { payment_required: "Universal proxy is not enabled for this account." },
  );
  return proxy_url;
}
