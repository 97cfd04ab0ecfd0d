// Test helper (not runtime code): a session as the live endpoints meet it.
import type { Db } from "@/lib/db";
import { newId } from "../core/ids";
import { sessions } from "../core/schema";
import { registerVisitor } from "../visitors/ingest/register";
import { insertTeam } from "../visitors/ingest/test-fixtures";
import { signViewerToken } from "./viewer-token";

type SessionFields = Partial<Pick<typeof sessions.$inferInsert, "permissions" | "options">>;

/**
 * A new team's new visitor in a session that needs no consent, with its link's permissions and options as
 * given; the agent's viewer token and the visitor's credentials to call the endpoints with.
 */
export async function insertLiveSession(db: Db, fields: SessionFields = {}) {
  const team = await insertTeam(db, { requireAuthorization: false });
  const visitor = await registerVisitor(
    db,
    team,
    { url: "https://shop.example.com/" },
    { browserName: null, deviceName: null, deviceType: "desktop", ipAddress: "" },
  );
  const sessionId = newId("s_", 16);
  await db.insert(sessions).values({ id: sessionId, teamId: team.id, visitorId: visitor.visitorId, sessionAuthorized: true, ...fields });
  return {
    team,
    sessionId,
    visitorId: visitor.visitorId,
    viewerToken: await signViewerToken({ sessionId, agentId: "u_1" }),
    visitorHeaders: { "x-visitor-id": visitor.visitorId, "x-visitor-token": visitor.token },
  };
}
