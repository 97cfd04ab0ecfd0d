import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  agentLookupResponseSchema,
  errorEnvelopeSchema,
  listVisitorsResponseSchema,
  onpremTokenResponseSchema,
  onpremWatchUrlResponseSchema,
  pageviewSchema,
  proxySessionResponseSchema,
  sessionSchema,
  usageResponseSchema,
  visitorResponseSchema,
  visitorSchema,
  watchUrlResponseSchema,
} from "./index";
import * as ex from "./examples";
import { issuesOf } from "./test-helpers";

// Parsing must keep every field: an output equal to the input proves no spec field is missing from a schema.
const cases: Array<[string, z.ZodType, unknown]> = [
  ["usage", usageResponseSchema, ex.usageResponseExample],
  ["list", listVisitorsResponseSchema, ex.listVisitorsResponseExample],
  ["visitor with history and sessions", visitorResponseSchema, ex.visitorResponseExample],
  ["agent lookup with sessions", agentLookupResponseSchema, ex.agentLookupResponseExample],
  ["watch_url", watchUrlResponseSchema, ex.watchUrlResponseExample],
  ["proxy session", proxySessionResponseSchema, ex.proxySessionResponseExample],
  ["on-prem token", onpremTokenResponseSchema, ex.onpremTokenResponseExample],
  ["on-prem token with status", onpremTokenResponseSchema, { status: "ok", ...ex.onpremTokenResponseExample }],
  ["on-prem watch_url", onpremWatchUrlResponseSchema, ex.onpremWatchUrlResponseExample],
  ["error envelope", errorEnvelopeSchema, ex.errorEnvelopeExample],
  ["error envelope without message", errorEnvelopeSchema, { status: "error", error: "visitor_not_found" }],
];

describe("response examples", () => {
  it.each(cases)("%s parses unchanged", (_name, schema, example) => {
    expect(schema.parse(example)).toEqual(example);
  });
});

describe("tolerance and strictness", () => {
  it("accepts a hosted-service visitor with nothing but short_id", () => {
    expect(visitorSchema.parse({ short_id: "abc123" })).toEqual({ short_id: "abc123" });
  });

  it("rejects a visitor without short_id", () => {
    expect(issuesOf(visitorSchema, { is_online: true })[0].path).toEqual(["short_id"]);
  });

  it("accepts a pageview with every field missing or null", () => {
    expect(pageviewSchema.parse({})).toEqual({});
    const nulls = { url: null, title: null, visited_at: null, referrer: null, duration_seconds: null };
    expect(pageviewSchema.parse(nulls)).toEqual(nulls);
  });

  it("accepts an ongoing session (ended_at null) and rejects one missing a spec field", () => {
    expect(sessionSchema.parse({ ...ex.sessionExample, ended_at: null }).ended_at).toBeNull();
    const withoutWentLive: Record<string, unknown> = { ...ex.sessionExample };
    delete withoutWentLive.went_live;
    expect(issuesOf(sessionSchema, withoutWentLive)[0].path).toEqual(["went_live"]);
  });

  it("rejects a datetime without an offset", () => {
    const issues = issuesOf(watchUrlResponseSchema, { ...ex.watchUrlResponseExample, expiration: "2025-03-04T10:17:10" });
    expect(issues[0].path).toEqual(["expiration"]);
  });

  it("rejects negative or fractional usage counts", () => {
    const usage = ex.usageResponseExample.usage;
    const negative = { ...ex.usageResponseExample, usage: { ...usage, visitors: { ...usage.visitors, online_now: -1 } } };
    expect(issuesOf(usageResponseSchema, negative)[0].path).toEqual(["usage", "visitors", "online_now"]);
    const fraction = { ...ex.usageResponseExample, usage: { ...usage, agents: { ...usage.agents, today: 1.5 } } };
    expect(issuesOf(usageResponseSchema, fraction)[0].path).toEqual(["usage", "agents", "today"]);
  });

  it("rejects a success envelope as an error envelope", () => {
    expect(issuesOf(errorEnvelopeSchema, { status: "ok", error: "x" })[0].path).toEqual(["status"]);
  });
});
