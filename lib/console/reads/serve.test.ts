import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AuthError } from "../auth/auth-error";
import { hasRole, type Role } from "../auth/roles";
import { RouteError } from "../route-errors";
import { CONSOLE_READS } from ".";
import { consoleRead } from "./spec";
import { serveRead } from "./serve";

// Who is calling comes from the session cookie, which only a request inside Next carries; the roles'
// rule is the real one. (The authorization spec, e2e/console, checks every handler in a real server.)
const session = vi.hoisted(() => ({ role: "agent" as Role | null }));
vi.mock("../auth/caller", () => ({
  requireCaller: async (role: Role) => {
    if (!session.role) throw new AuthError(401);
    if (!hasRole(session.role, role)) throw new AuthError(403);
    return { id: "u1", email: "ann@example.com", name: "Ann", role: session.role };
  },
}));

const request = (url: string) => new Request(`http://console.test${url}`);
const noParams = { params: Promise.resolve({}) };
const body = async (response: Response) => ({ status: response.status, body: await response.json(), cache: response.headers.get("cache-control") });

describe("a served read", () => {
  afterEach(() => {
    session.role = "agent";
    vi.restoreAllMocks();
  });

  it("authenticates and checks the declared role before anything else runs", async () => {
    const answer = vi.fn(async () => ({ presence: { online: true, inSession: false } }));
    const handler = serveRead({ ...CONSOLE_READS.visitorPresence, role: "lead" }, answer);
    session.role = null;
    expect(await body(await handler(request("/api/console/visitors/v1/presence"), { params: Promise.resolve({ id: "v1" }) }))).toMatchObject({
      status: 401,
      body: { status: "error", error: "unauthenticated" },
    });
    session.role = "agent";
    expect((await handler(request("/api/console/visitors/v1/presence"), { params: Promise.resolve({ id: "v1" }) })).status).toBe(403);
    expect(answer).not.toHaveBeenCalled();
  });

  it("hands the handler its parsed parameters and query, and answers the declared shape only, never cached", async () => {
    const handler = serveRead(CONSOLE_READS.visitors, async ({ query, caller }) => ({
      visitors: [{ short_id: `${query.search}-${query.status}-${query.limit}-${caller.id}`, secret: "not declared" }],
    }));
    expect(await body(await handler(request("/api/console/visitors?search=jane&limit=100"), noParams))).toEqual({
      status: 200,
      body: { status: "ok", visitors: [{ short_id: "jane-all-100-u1" }] },
      cache: "no-store",
    });
  });

  it("refuses a malformed query or parameter with 400 naming the field, before the handler runs", async () => {
    const answer = vi.fn(async () => new Response("csv"));
    const handler = serveRead(CONSOLE_READS.agentSessionsCsv, answer);
    session.role = "lead";
    const badQuery = await body(
      await handler(request("/api/console/agents/email:a@b.c/sessions?from=yesterday"), { params: Promise.resolve({ ref: "email:a@b.c" }) }),
    );
    expect(badQuery).toMatchObject({ status: 400, body: { status: "error", error: "invalid_request", message: expect.stringMatching(/^from: /) } });
    const badRef = await body(await handler(request("/api/console/agents/nobody/sessions"), { params: Promise.resolve({ ref: "nobody" }) }));
    expect(badRef).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^ref: name the agent as email:<address> or external:<id>/) } });
    expect(answer).not.toHaveBeenCalled();
  });

  it("passes a CSV download through, and a refusal the handler names", async () => {
    session.role = "agent";
    const csv = serveRead(CONSOLE_READS.agentUsageCsv, async () => new Response("a,b\r\n", { headers: { "content-type": "text/csv" } }));
    expect(await (await csv(request("/api/console/usage/export/agents"), noParams)).text()).toBe("a,b\r\n");
    const gone = serveRead(CONSOLE_READS.visitorPresence, async () => {
      throw new RouteError(404, "not_found", "This visitor no longer exists.");
    });
    expect(await body(await gone(request("/api/console/visitors/v1/presence"), { params: Promise.resolve({ id: "v1" }) }))).toMatchObject({
      status: 404,
      body: { error: "not_found", message: "This visitor no longer exists." },
    });
  });

  it("answers an answer outside its declaration as the console's own 500, not as the caller's 400, and shows none of it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const read = consoleRead({ path: "/api/console/probe", role: "agent", summary: "A probe", answer: z.object({ count: z.number() }) });
    const handler = serveRead(read, async () => ({ count: "twelve" }) as unknown as { count: number });
    const { status, body: answer } = await body(await handler(request("/api/console/probe"), noParams));
    expect(status).toBe(500);
    expect(answer).toMatchObject({ status: "error", error: "internal_error" });
    expect(JSON.stringify(answer)).not.toContain("twelve");
    expect(log).toHaveBeenCalled();
  });
});
