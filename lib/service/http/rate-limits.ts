import type { Endpoint } from "@/lib/contract/endpoint";
import { env } from "@/lib/env";
import { sharedRedis } from "@/lib/redis";
import type { Caller } from "./authenticate";
import { InProcessRateLimiter, type Bucket, type RateLimiter } from "./rate-limit";
import { RedisRateLimiter } from "./redis-rate-limit";

/** The limiter of this process: one allowance per bucket across every app node when they share Redis. */
export function createRateLimiter(): RateLimiter {
  const redis = sharedRedis();
  return redis ? new RedisRateLimiter(redis) : new InProcessRateLimiter();
}

// A visitor's page in a session posts batches up to twenty times a second and an agent moves the
// pointer as often: the live endpoints have allowances of their own, per visitor and per viewer.
const isLive = (endpoint: Endpoint) => endpoint.auth === "viewer" || endpoint.path.startsWith("/collect/live/");

/**
 * Counted before authenticating, so that a flood of made-up credentials is stopped by its address
 * before it costs a lookup: the public endpoints, per client address.
 */
export function bucketsBeforeAuth(endpoint: Endpoint, address: string): Bucket[] {
  const config = env();
  // Many visitors in sessions may share an address (an office behind one NAT): ten sessions' worth.
  if (isLive(endpoint)) return [{ key: `live-address:${address}`, perMinute: config.LIVE_RATE_LIMIT_PER_MINUTE * 10 }];
  switch (endpoint.auth) {
    case "public-key":
      // Each registration may take one of the team's 10,000 lookup codes.
      return [
        { key: `register:${address}`, perMinute: config.REGISTRATION_RATE_LIMIT_PER_MINUTE },
        { key: `address:${address}`, perMinute: config.VISITOR_RATE_LIMIT_PER_MINUTE },
      ];
    case "visitor":
    case "visitor-beacon":
    case "recording-link":
    case "one-time-viewer":
    case "intercom-signature":
      return [{ key: `address:${address}`, perMinute: config.VISITOR_RATE_LIMIT_PER_MINUTE }];
    case "api-key":
    case "bearer-key":
    case "admin-key":
    case "rest-key":
      // Ten keys' worth per address: the console calls from one address with one key.
      return [{ key: `api-address:${address}`, perMinute: config.API_RATE_LIMIT_PER_MINUTE * 10 }];
    default:
      return [];
  }
}

/** Counted once the caller is known: per secret key, per REST_KEY, per site (public key), per visitor, per viewer. */
export function bucketsAfterAuth(endpoint: Endpoint, caller: Caller): Bucket[] {
  const config = env();
  const buckets: Bucket[] = [];
  if (caller.keyId) buckets.push({ key: `key:${caller.keyId}`, perMinute: config.API_RATE_LIMIT_PER_MINUTE });
  if (endpoint.auth === "rest-key") buckets.push({ key: "rest-key", perMinute: config.API_RATE_LIMIT_PER_MINUTE });
  if (caller.viewer) buckets.push({ key: `viewer:${caller.viewer.sessionId}:${caller.viewer.agentId}`, perMinute: config.LIVE_RATE_LIMIT_PER_MINUTE });
  // The watch page saves notes a moment after typing stops, at most a few times a second: a fiftieth
  // of the live allowance (120 a minute by default) is more than it sends.
  if (caller.viewer && endpoint.id === "saveAgentNotes") {
    buckets.push({ key: `notes:${caller.viewer.sessionId}:${caller.viewer.agentId}`, perMinute: Math.ceil(config.LIVE_RATE_LIMIT_PER_MINUTE / 50) });
  }
  if (caller.visitorId && isLive(endpoint)) buckets.push({ key: `visitor:${caller.visitorId}`, perMinute: config.LIVE_RATE_LIMIT_PER_MINUTE });
  // A page identifies its visitor once a load or a sign-in: a twentieth of the visitor allowance (60 a
  // minute by default) per visitor, so that one visitor cannot churn the team's search words.
  if (caller.visitorId && endpoint.id === "identifyVisitor") {
    buckets.push({ key: `identify:${caller.visitorId}`, perMinute: Math.ceil(config.VISITOR_RATE_LIMIT_PER_MINUTE / 20) });
  }
  if (caller.team && endpoint.group === "collect") buckets.push({ key: `site:${caller.team.id}`, perMinute: config.SITE_RATE_LIMIT_PER_MINUTE });
  return buckets;
}
