import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { VettedAddress, VettedTarget } from "../outbound/address-guard";

export type WebhookRequest = { target: VettedTarget; headers: Record<string, string>; body: string; timeoutMs: number };
export type WebhookResponse = { status: number; location?: string };
/** Sends one attempt; resolves with the status (any status), rejects on network errors and timeouts. */
export type Sender = (request: WebhookRequest) => Promise<WebhookResponse>;

/** A `lookup` that answers with the already vetted addresses, so a second DNS answer cannot differ (rebinding). */
export function pinnedLookup(addresses: VettedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
    if (options.all) return callback(null, usable);
    if (usable[0]) return callback(null, usable[0].address, usable[0].family);
    callback(Object.assign(new Error(`No vetted IPv${family} address for ${hostname}.`), { code: "ENOTFOUND" }), "", 0);
  };
}

/** POSTs the body with node:http(s): redirects are not followed (the 3xx status is returned). */
export const postWebhook: Sender = ({ target, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const client = target.url.protocol === "https:" ? https : http;
    const request = client.request(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false, // a fresh connection each time: never a pooled socket to an unchecked address
        lookup: pinnedLookup(target.addresses),
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.resume(); // the body is not needed; the timer below still bounds a never-ending one
      },
    );
    // One deadline for connect, request and response (socket idle timeouts would not bound a slow drip).
    const timer = setTimeout(() => request.destroy(new Error(`Timed out after ${timeoutMs} ms.`)), timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", reject);
    request.end(body);
  });
