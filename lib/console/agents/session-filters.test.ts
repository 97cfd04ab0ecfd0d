import { describe, expect, it } from "vitest";
import { session as sessionFixture } from "@/lib/client/test-fixtures";
import type { Session } from "@/lib/contract";
import { agentSessionsUrl, featureOptions, filterSessions, hasSessionFilters, parseSessionFilters, serializeSessionFilters } from "./session-filters";

function session(id: string, started: string, features: string[], live: boolean): Session {
  return { ...sessionFixture, id, started_at: started, features_used: features, went_live: live } as Session;
}

const sessions = [
  session("a", "2026-11-01T00:00:00Z", ["click", "scroll"], true),
  session("b", "2026-11-01T23:59:59Z", ["draw"], true),
  session("c", "2026-11-02T00:00:00Z", [], false),
  session("d", "2026-11-10T12:00:00Z", ["click", "custom_thing"], true),
];
const ids = (list: Session[]) => list.map((s) => s.id);

describe("filterSessions", () => {
  it("keeps whole UTC days, both ends included", () => {
    expect(ids(filterSessions(sessions, { from: "2026-11-01", to: "2026-11-01" }))).toEqual(["a", "b"]);
    expect(ids(filterSessions(sessions, { from: "2026-11-02" }))).toEqual(["c", "d"]);
    expect(ids(filterSessions(sessions, { to: "2026-11-02" }))).toEqual(["a", "b", "c"]);
  });

  it("filters by feature used and by went live, combined with the dates", () => {
    expect(ids(filterSessions(sessions, { feature: "click" }))).toEqual(["a", "d"]);
    expect(ids(filterSessions(sessions, { live: "no" }))).toEqual(["c"]);
    expect(ids(filterSessions(sessions, { live: "yes", feature: "click", to: "2026-11-05" }))).toEqual(["a"]);
    expect(ids(filterSessions(sessions, {}))).toEqual(["a", "b", "c", "d"]);
  });
});

describe("the filters in a URL", () => {
  it("round-trip through the query string", () => {
    const filters = { from: "2026-11-01", to: "2026-11-09", feature: "remote_cursor", live: "yes" } as const;
    expect(parseSessionFilters(new URLSearchParams(serializeSessionFilters(filters)))).toEqual(filters);
    expect(serializeSessionFilters({})).toBe("");
    expect(hasSessionFilters({})).toBe(false);
    expect(hasSessionFilters({ live: "no" })).toBe(true);
  });

  it("make a link to an agent's sessions since a day", () => {
    expect(agentSessionsUrl({ kind: "email", email: "lead@example.com" }, { from: "2026-11-18" })).toBe("/agents/email:lead@example.com?from=2026-11-18");
    expect(agentSessionsUrl({ kind: "external", externalId: "desk 7" }, {})).toBe("/agents/external:desk%207");
  });

  it("drop what they cannot read", () => {
    expect(parseSessionFilters(new URLSearchParams("from=yesterday&to=2026-13-45&feature=%3Cscript%3E&live=maybe"))).toEqual({});
  });
});

describe("featureOptions", () => {
  it("offers the known features, then the others seen", () => {
    expect(featureOptions(sessions)).toEqual(["click", "scroll", "remote_cursor", "type", "draw", "custom_thing"]);
  });
});
