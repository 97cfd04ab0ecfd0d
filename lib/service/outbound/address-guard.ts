import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { LRUCache } from "lru-cache";
import { processCache } from "@/lib/process-cache";

/** A webhook URL we refuse to call: not http(s), or its host resolves into a non-public network. */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeUrlError";
  }
}

export type VettedAddress = { address: string; family: 4 | 6 };
/** The URL and the addresses checked for it: connect to these, not to a fresh lookup (DNS rebinding). */
export type VettedTarget = { url: URL; addresses: VettedAddress[] };
export type Resolver = (hostname: string) => Promise<VettedAddress[]>;

const lookupAll: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * `resolve` with each host's answer kept in `answers` while it lasts: one lookup a host at a time, and a
 * failed one not kept. The system resolver (getaddrinfo) keeps nothing itself: without this, every
 * request of a proxied page was a trip to libuv's thread pool and, for a site's name, a DNS query, and an
 * answer in another order (round-robin DNS) opened another connection (they are pooled by the addresses
 * checked). The addresses are still checked on every use.
 */
export function keptAnswers(resolve: Resolver, answers: LRUCache<string, Promise<VettedAddress[]>>): Resolver {
  return (hostname) => {
    const kept = answers.get(hostname);
    if (kept) return kept;
    const answer = resolve(hostname);
    answers.set(hostname, answer);
    answer.catch(() => {
      if (answers.get(hostname) === answer) answers.delete(hostname);
    });
    return answer;
  };
}

/** A minute, as long as Chromium keeps the system resolver's answers: a host that moves is followed within it. */
const KEPT_ANSWER_MS = 60_000;
const systemResolver = keptAnswers(lookupAll, processCache<Promise<VettedAddress[]>>("host-addresses", KEPT_ANSWER_MS, 1_000));

// Every IPv4 network that is not the public internet.
const nonPublicV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", includes 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata endpoints
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes 255.255.255.255 broadcast
] as const)
  nonPublicV4.addSubnet(network, prefix, "ipv4");

// IPv6 is allowed only inside global unicast (2000::/3). That refuses, in one rule, loopback, unspecified,
// unique- and link-local, multicast, discard, and every form that carries an IPv4 address a gateway would
// reach for us: IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48).
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");
// Special-purpose ranges inside global unicast, refused whole.
const specialPurposeV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo (2001::/32) embeds an IPv4 address, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 embeds an IPv4 address
  ["3fff::", 20], // documentation
] as const)
  specialPurposeV6.addSubnet(network, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublicV4.check(address, "ipv4");
  if (family === 6) return globalUnicastV6.check(address, "ipv6") && !specialPurposeV6.check(address, "ipv6");
  return false;
}

/**
 * Refuses non-http(s) URLs and hosts with ANY non-public address (unless `allowPrivate`), and returns
 * the addresses it checked so the caller connects to exactly those. DNS failures are thrown as they
 * are (a retryable network error), not as UnsafeUrlError.
 */
export async function assertPublicUrl(
  url: string,
  options: { allowPrivate: boolean; resolve?: Resolver; what?: string; allowVariable?: string },
): Promise<VettedTarget> {
  const what = options.what ?? "Webhook URL";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrlError(`${what} is not a valid URL: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new UnsafeUrlError(`${what} must use http or https, not ${parsed.protocol.replace(/:$/, "")}.`);
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1"); // IPv6 literals come bracketed
  const literal = isIP(host);
  const addresses: VettedAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await (options.resolve ?? systemResolver)(host);
  if (addresses.length === 0) throw new Error(`No address found for ${host}.`);
  if (!options.allowPrivate) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) {
      throw new UnsafeUrlError(
        `The host ${host} resolves to ${refused.address}, which is not a public address (set ${options.allowVariable ?? "WEBHOOK_ALLOW_PRIVATE_NETWORKS"}=true to allow).`,
      );
    }
  }
  return { url: parsed, addresses };
}
