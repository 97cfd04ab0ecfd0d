import "server-only";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import { assertPublicUrl, type Resolver } from "../outbound/address-guard";
import { pinnedLookup } from "../webhooks/post";

/** How long the proxied site has to answer and send the whole body. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

export class UpstreamTimeoutError extends Error {
  constructor() {
    super(`The site did not answer within ${UPSTREAM_TIMEOUT_MS / 1000} s.`);
    this.name = "UpstreamTimeoutError";
  }
}

export interface UpstreamRequest {
  method: string;
  target: URL;
  headers: Record<string, string>;
  body: Readable | null;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, still to be read (or destroyed). */
  body: IncomingMessage;
}

export interface UpstreamOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}

// Connections are kept alive and reused, pooled by host and by the addresses checked for it: a connection
// serves only its own host, and only while the host's checked addresses are the ones it was opened to.
type PinnedOptions = { pinnedAddresses?: string };
const pinnedKey = (options: PinnedOptions | undefined) => `|${options?.pinnedAddresses ?? ""}`;
class PinnedHttpAgent extends http.Agent {
  override getName(options?: http.ClientRequestArgs & PinnedOptions): string {
    return super.getName(options) + pinnedKey(options);
  }
}
class PinnedHttpsAgent extends https.Agent {
  override getName(options?: https.RequestOptions & PinnedOptions): string {
    return super.getName(options) + pinnedKey(options);
  }
}
const agents = { http: new PinnedHttpAgent({ keepAlive: true, maxSockets: 64 }), https: new PinnedHttpsAgent({ keepAlive: true, maxSockets: 64 }) };

/**
 * Sends one request to the proxied site, never to a non-public address (unless allowed): the host's
 * addresses are checked, then the connection goes to exactly those (DNS pinned at connect time, no
 * rebinding). Redirects are not followed here: the browser follows them through the proxy, which checks
 * every hop. One deadline bounds connect, answer and body; the body is the caller's to read.
 */
export async function fetchUpstream(request: UpstreamRequest, options: UpstreamOptions): Promise<UpstreamResponse> {
  const vetted = await assertPublicUrl(request.target.href, {
    allowPrivate: options.allowPrivate,
    resolve: options.resolve,
    what: "The proxied address",
    allowVariable: "PROXY_ALLOW_PRIVATE_NETWORKS",
  });
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const secure = vetted.url.protocol === "https:";
    const options: https.RequestOptions & PinnedOptions = {
      method: request.method,
      headers: request.headers,
      agent: secure ? agents.https : agents.http,
      lookup: pinnedLookup(vetted.addresses),
      pinnedAddresses: vetted.addresses.map(({ address }) => address).join(","),
    };
    const outgoing = (secure ? https : http).request(vetted.url, options);
    const timer = setTimeout(() => outgoing.destroy(new UpstreamTimeoutError()), timeoutMs);
    outgoing.on("response", (response) => {
      response.on("close", () => clearTimeout(timer));
      resolve({ status: response.statusCode ?? 502, headers: response.headers, body: response });
    });
    outgoing.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (request.body) request.body.pipe(outgoing);
    else outgoing.end();
  });
}
