import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/**
 * Which peers may speak for a client: the proxies in front of Tandem, as addresses, CIDR ranges or
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). None by default: then X-Forwarded-For is
 * the client's own claim and is never read.
 */
export type TrustedProxies = readonly string[];

const compiled = new Map<string, (address: string, hop: number) => boolean>();

/** Throws on an entry that is neither an address, a range nor a known name (the configuration's check). */
export function compileTrustedProxies(proxies: TrustedProxies): (address: string, hop: number) => boolean {
  const key = proxies.join(",");
  let trust = compiled.get(key);
  if (!trust) compiled.set(key, (trust = proxyaddr.compile([...proxies])));
  return trust;
}

/**
 * The client's address: the connection's peer, unless the peer is a trusted proxy; then X-Forwarded-For
 * is walked from the right (each proxy appends the address it saw) while the hop is trusted, and the
 * first untrusted one is the client. Entries further left are whatever the client wrote.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null | undefined, proxies: TrustedProxies): string {
  if (!peer) return "";
  const request = { socket: { remoteAddress: peer }, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} };
  const address = proxyaddr(request as unknown as IncomingMessage, compileTrustedProxies(proxies));
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "").slice(0, 64); // a header is not to be trusted with the column's size
}

/** Whether the connection's peer is one of the trusted proxies, whose forwarding headers speak for the client. */
export function peerIsTrustedProxy(peer: string | undefined, proxies: TrustedProxies): boolean {
  return Boolean(peer) && proxies.length > 0 && compileTrustedProxies(proxies)(peer!, 0);
}

/**
 * The header through which Tandem's server (scripts/server.ts) hands the client's address to the console
 * that Next serves in the same process. The server removes any copy a client sent before setting it.
 */
export const CLIENT_ADDRESS_HEADER = "x-tandem-client-address";

const setByServer = Symbol.for("tandem.client-address-header");

/** Called by Tandem's server: from now on the header is its own, never a client's. */
export function markClientAddressHeaderTrusted(): void {
  (globalThis as { [setByServer]?: boolean })[setByServer] = true;
}

/** The address Tandem's server put in the request's headers, or null when no such server runs this process. */
export function clientAddressFromHeader(read: (name: string) => string | null | undefined): string | null {
  if (!(globalThis as { [setByServer]?: boolean })[setByServer]) return null;
  return read(CLIENT_ADDRESS_HEADER) || null;
}
