import "server-only";

export { createCloudClient, type AgentLookup, type CloudClient, type CloudClientOptions } from "./cloud";
export { createOnpremClient, type OnpremClient, type OnpremClientOptions } from "./onprem";
export { createServiceAdminClient, type NewApiKey, type ServiceAdminClient, type ServiceAdminClientOptions } from "./service-admin";
export { ApiError, isApiError, type ApiErrorKind } from "./errors";
export { DEFAULT_TIMEOUT_MS, type FetchLike } from "./http";
export { inProcessOrNetworkFetch, serveInProcess, type InProcessHandler } from "./in-process";
export type { WithoutStatus } from "./payload";
export type {
  Agent,
  OnpremTokenRequest,
  OnpremTokenRequestInput,
  OnpremTokenResponse,
  OnpremWatchUrlRequestInput,
  OnpremWatchUrlResponse,
  ProxySessionRequestInput,
  ProxySessionResponse,
  Session,
  Usage,
  Visitor,
  WatchUrlRequestInput,
  WatchUrlResponse,
} from "@/lib/contract";
