import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks 1.0 signing (https://www.standardwebhooks.com): receivers verify
 * `v1,` + base64(HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")).
 */

export type SignatureHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

const SECRET_PREFIX = "whsec_";

/** The HMAC key: the secret after `whsec_`, base64-decoded (Node's decoder takes base64 and base64url alike). */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, "base64");
  if (key.length === 0) throw new Error("Webhook secret is empty or not base64.");
  return key;
}

/** The `v1,<base64>` signature of one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number | string, body: string): string {
  const mac = createHmac("sha256", secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The three headers of one attempt; `id` stays the same across retries so receivers can de-duplicate. */
export function signatureHeaders(secret: string, id: string, body: string, at = new Date()): SignatureHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signWebhook(secret, id, timestamp, body) };
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(" ") : value;
}

/**
 * For receivers (and tests): true when one of the space-separated `v1,` signatures matches and the
 * timestamp is within `toleranceSeconds` of `now` (either way, against replays).
 */
export function verifySignature(secret: string, headers: HeaderSource, body: string, toleranceSeconds = 300, now = new Date()): boolean {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;

  const expected = Buffer.from(signWebhook(secret, id, timestamp, body).slice("v1,".length), "base64");
  return signatures.split(" ").some((candidate) => {
    const [version, value] = candidate.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    // timingSafeEqual needs equal lengths; a length mismatch tells an attacker nothing useful.
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
