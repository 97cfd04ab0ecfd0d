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

const LOOPBACK = /^(?:localhost|.+\.localhost|127(?:\.\d+){3}|\[::1\])$/;

/**
 * What to say at start when the proxy shares the console's host name (on another port: PROXY_PUBLIC_URL
 * unset) somewhere other than a developer's own machine. Cookies ignore ports, so a proxied page (the
 * sites' scripts run on the proxy) can set cookies for the console's host: shadow the console's or flood
 * them until its requests are refused. Null when the proxy has a host name of its own, or on loopback.
 */
export function sharedHostWarning(consoleUrl: string, proxy: string): string | null {
  const consoleHost = new URL(consoleUrl).hostname.toLowerCase();
  if (new URL(proxy).hostname.toLowerCase() !== consoleHost || LOOPBACK.test(consoleHost)) return null;
  return (
    `Tandem: the universal proxy (${proxy}) shares the console's host name, ${consoleHost}. Cookies ignore ports, so a proxied ` +
    "page could set cookies the console's pages receive. Give the proxy a host name of its own with PROXY_PUBLIC_URL (see docs/deploy.md)."
  );
}
