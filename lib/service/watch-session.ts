import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { sessions } from "./schema";
import { agentsBySession } from "./sessions/load";

/** What the watch page shows of a session. */
export async function describeWatchSession(db: Db, sessionId: string) {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  const agents = (await agentsBySession(db, [sessionId])).get(sessionId) ?? [];
  return {
    visitorId: session.visitorId,
    status: session.status,
    agents: agents.map((agent) => agent.name),
    allowed: Object.entries(session.permissions)
      .filter(([, allowed]) => allowed)
      .map(([permission]) => permission.replace(/^allow_/, "").replaceAll("_", " ")),
  };
}
