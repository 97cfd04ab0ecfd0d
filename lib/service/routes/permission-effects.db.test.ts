import { describe, expect, it, vi } from "vitest";
import { permissionsSchema, type Permissions } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { serveForTests, type TestService } from "./test-service";
import { insertLiveSession } from "../live/test-session";

// A permission of the contract (each one the console offers in Settings and the co-browse options) is
// there only if it does something: for each one, what the watch page or the visitor's page asks of the service with it turned off
// is refused for that permission, and with it on is not.
vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "permission-effects-test-link-signing-secret-0123456789";
});

let db: Db;
let service: TestService;
serveForTests((opened) => ({ db, service } = opened));

interface Live {
  sessionId: string;
  viewer: Record<string, string>;
  visitor: Record<string, string>;
}

async function liveSession(permissions: Permissions): Promise<Live> {
  const session = await insertLiveSession(db, { permissions });
  return { sessionId: session.sessionId, viewer: { authorization: `Bearer ${session.viewerToken}` }, visitor: session.visitorHeaders };
}

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { error?: string; message?: string } };
}

const tool = (control: Record<string, unknown>) => (live: Live) => post(`/live/sessions/${live.sessionId}/control`, live.viewer, control);

/** What each permission lets happen: one request of the watch page or of the visitor's page. */
const EFFECTS: Record<keyof Permissions, (live: Live) => ReturnType<typeof post>> = {
  allow_click: tool({ tool: "click", id: 5 }),
  allow_scroll: tool({ tool: "scroll", dx: 0, dy: 100 }),
  allow_type: tool({ tool: "type", text: "hi" }),
  allow_draw: tool({ tool: "draw", points: [[1, 2]] }),
  allow_agent_redirect: tool({ tool: "reload" }),
  allow_audio: (live) => post(`/live/sessions/${live.sessionId}/call`, live.viewer, { kind: "start" }),
  allow_console: (live) =>
    post("/collect/live/console", live.visitor, { sessionId: live.sessionId, entries: [{ kind: "log", at: 1, text: "hi" }], dropped: 0 }),
};

const refusedFor = (answer: Awaited<ReturnType<typeof post>>) =>
  answer.status === 403 && answer.json.error === "permission_denied" && /does not allow/.test(answer.json.message ?? "");

describe("the permissions the console shows", () => {
  const all = Object.fromEntries(Object.keys(permissionsSchema.shape).map((key) => [key, true])) as Permissions;

  it.each(permissionsSchema.keyof().options)("%s lets the agent do something that is refused without it", async (permission) => {
    const effect = EFFECTS[permission];
    expect(effect, `nothing of the watch page or the visitor's page depends on ${permission}: hide it from the console`).toBeDefined();
    expect(refusedFor(await effect(await liveSession({ ...all, [permission]: false }))), `${permission} off`).toBe(true);
    expect(refusedFor(await effect(await liveSession(all))), `${permission} on`).toBe(false);
  });
});
