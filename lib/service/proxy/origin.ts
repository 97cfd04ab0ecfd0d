import "server-only";
import { env } from "@/lib/env";
import { publicBaseUrl } from "../core/signing";

/**
 * The universal proxy's own origin. Proxied pages run the proxied site's scripts, so they are never
 * served on the console's origin (they would ride a signed-in agent's cookies): by default the public
 * URL's host on port PROXY_PORT (PORT + 1), or PROXY_PUBLIC_URL behind a load balancer.
 */
export function proxyOrigin(): string {
  const configured = env().PROXY_PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(publicBaseUrl());
  url.port = String(env().PROXY_PORT);
  return url.origin;
}
