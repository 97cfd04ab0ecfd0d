import "server-only";
import { createCloudClient, createOnpremClient, inProcessOrNetworkFetch, type CloudClient, type FetchLike, type OnpremClient } from "@/lib/client";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";

export type ConnectionMode = "embedded" | "cloud" | "onprem";

/**
 * Which co-browsing API the console speaks to, and the clients for it. The console reaches every API
 * the same way, through lib/client. The embedded service is addressed at its loopback origin like any
 * other API; Tandem's server hands its requests to the service in the process (lib/client/in-process),
 * which spares each call a second HTTP round trip through the same server.
 */
export interface ApiConnection {
  mode: ConnectionMode;
  /** What the settings page shows: where requests go (never a key). */
  label: string;
  /** The cloud v1.3 API: the hosted service or the embedded one. In on-premise mode it issues licence tokens. */
  cloud: CloudClient;
  /** The on-premise deployment, in on-premise mode. */
  onprem: OnpremClient | null;
  /** Watch links must lead to this origin; the console never redirects anywhere else. */
  watchOrigin: string;
  /** The embedded service's own admin API (team settings, keys) is there only in embedded mode. */
  embedded: { baseUrl: string; apiKey: string; fetch: FetchLike } | null;
}

let cached: ApiConnection | undefined;

export function apiConnection(): ApiConnection {
  if (cached) return cached;
  const config = env();
  const loopback = `http://127.0.0.1:${config.PORT}`;
  const publicUrl = config.NEXTAUTH_URL ?? `http://localhost:${config.PORT}`;
  // The embedded service accepts COBROWSE_API_KEY, or the key it keeps in the data folder.
  const embeddedKey = () => loadSecret(config.DATA_DIR, SECRET_FILES.embeddedApiKey, config.COBROWSE_API_KEY);
  const cloud = config.COBROWSE_API_URL
    ? createCloudClient({ baseUrl: config.COBROWSE_API_URL, apiKey: config.COBROWSE_API_KEY! })
    : createCloudClient({ baseUrl: loopback, apiKey: embeddedKey(), fetch: inProcessOrNetworkFetch });

  if (config.ONPREM_BASE_URL && config.ONPREM_REST_KEY) {
    cached = {
      mode: "onprem",
      label: `On-premise deployment at ${config.ONPREM_BASE_URL}`,
      cloud,
      onprem: createOnpremClient({ baseUrl: config.ONPREM_BASE_URL, restKey: config.ONPREM_REST_KEY }),
      watchOrigin: new URL(config.ONPREM_BASE_URL).origin,
      embedded: null,
    };
  } else if (config.COBROWSE_API_URL) {
    cached = {
      mode: "cloud",
      label: `Hosted API at ${config.COBROWSE_API_URL}`,
      cloud,
      onprem: null,
      watchOrigin: new URL(config.COBROWSE_API_URL).origin,
      embedded: null,
    };
  } else {
    cached = {
      mode: "embedded",
      label: "Embedded service (this Tandem)",
      cloud,
      onprem: null,
      watchOrigin: new URL(publicUrl).origin,
      embedded: { baseUrl: loopback, apiKey: embeddedKey(), fetch: inProcessOrNetworkFetch },
    };
  }
  return cached;
}
