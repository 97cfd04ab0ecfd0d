import "server-only";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { Resolver } from "../outbound/address-guard";
import { UPSTREAM_TIMEOUT_MS } from "./upstream";

/** The proxy session's own cookie, the only one the browser holds; scoped to the session's path. */
export const PROXY_COOKIE = "tandem_proxy";
/** The largest body the proxy passes on either way, and the largest page or stylesheet it rewrites. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
export const MAX_REWRITTEN_BYTES = 10 * 1024 * 1024;
/** A page's `document.cookie` writes, per proxy session: each costs a locked update of the session's row. */
export const COOKIE_WRITES_PER_MINUTE = 300;

export const DEFAULT_RUNTIME_FILE = path.join(process.cwd(), "public", "proxy-runtime.js");

export interface ProxyDependencies {
  db: () => Promise<Db>;
  /** The proxy's origin (PROXY_PUBLIC_URL) and the console's and service's (where cobrowse.js is). */
  proxyOrigin: string;
  serviceOrigin: string;
  allowPrivate: boolean;
  resolve?: Resolver;
  /** No other app node (no REDIS_URL): proxy sessions may be kept in memory. */
  nodeIsAlone?: boolean;
  /** public/proxy-runtime.js */
  runtimeFile: string;
  limits?: Partial<ProxyLimits>;
}

export interface ProxyLimits {
  timeoutMs: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  maxRewrittenBytes: number;
  cookieWritesPerMinute: number;
}

export const DEFAULT_LIMITS: ProxyLimits = {
  timeoutMs: UPSTREAM_TIMEOUT_MS,
  maxRequestBytes: MAX_REQUEST_BYTES,
  maxResponseBytes: MAX_RESPONSE_BYTES,
  maxRewrittenBytes: MAX_REWRITTEN_BYTES,
  cookieWritesPerMinute: COOKIE_WRITES_PER_MINUTE,
};
