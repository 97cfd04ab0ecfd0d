import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Visitor } from "@/lib/contract";
import type { ConnectionMode } from "../api";
import { readHelpQueue } from "./read-help-queue";

// The console's side of the help queue against an API that answers the search grammar as the embedded
// service does: `online` lists the newest 500 online visitors, `waiting online` those asking for help,
// oldest first. A flood of 600 registrations comes after the one visitor waiting.
const api = vi.hoisted(() => ({ mode: "embedded" as ConnectionMode, searches: [] as string[] }));
vi.mock("../api", () => ({ apiConnection: () => ({ mode: api.mode }) }));
vi.mock("@/lib/db", () => ({ getDb: async () => ({}) }));
vi.mock("./help-requests", () => ({
  // The console's records of the requests, as they are on a first read: each as the API dates it.
  syncHelpRequests: async (_db: unknown, waiting: Array<{ id: string; waitingSince: Date | null }>, readAt: Date) =>
    waiting.map((visitor) => ({ visitorId: visitor.id, requestedAt: visitor.waitingSince ?? readAt, claimedBy: null, claimedAt: null })),
}));
vi.mock("../visitors/read-visitors", () => ({
  searchVisitors: async (search: string, maxResults: number) => {
    api.searches.push(search);
    const online = visitors.filter((visitor) => visitor.is_online);
    if (search === "online") return online.sort((a, b) => b.last_seen_at!.localeCompare(a.last_seen_at!)).slice(0, maxResults);
    if (search === "waiting online") {
      return online.filter((visitor) => visitor.is_waiting_for_call).sort((a, b) => a.waiting_since!.localeCompare(b.waiting_since!));
    }
    throw new Error(`unexpected search ${search}`);
  },
}));

const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 9, 0, 0) + second * 1000).toISOString();
const visitor = (id: string, seen: number, waiting: number | null) =>
  ({
    short_id: id,
    last_seen_at: at(seen),
    is_online: true,
    is_in_session: false,
    is_waiting_for_call: waiting !== null,
    waiting_since: waiting === null ? null : at(waiting),
  }) as Visitor;
const visitors = [visitor("WAITING", 1, 1), ...Array.from({ length: 600 }, (_, i) => visitor(`FLOOD${i}`, 10 + i, null))];

beforeEach(() => {
  api.searches = [];
});

describe("readHelpQueue", () => {
  it("shows a visitor waiting behind 600 newer online visitors: it asks the embedded service for those waiting", async () => {
    const queue = await readHelpQueue();
    expect(queue.map((entry) => entry.visitor.short_id)).toEqual(["WAITING"]);
    expect(queue[0].requestedAt).toBe(at(1));
    expect(api.searches).toEqual(["waiting online"]);
  });

  it("asks other APIs, which have no `waiting` search, for `online`", async () => {
    api.mode = "cloud";
    try {
      await readHelpQueue();
      expect(api.searches).toEqual(["online"]);
    } finally {
      api.mode = "embedded";
    }
  });
});
