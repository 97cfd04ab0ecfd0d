import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { ServiceError } from "../core/errors";
import { sessions } from "../core/schema";

type NotesRow = Pick<typeof sessions.$inferSelect, "agentNotes" | "initialNotes">;

/** The notes as the agents see them: those last saved, else the watch link's starting notes. */
export function currentNotes(session: NotesRow): string {
  return session.agentNotes ?? session.initialNotes ?? "";
}

/** The Session's `agent_notes`: null when there are none. */
export function agentNotesOf(session: NotesRow): string | null {
  const notes = currentNotes(session);
  return notes.trim() ? notes : null;
}

/**
 * Keeps the agents' notes with the session: the whole text, as last typed. Saved also after the end, so
 * an agent can finish writing up; kept on the service only (the visitor's channel never carries them).
 */
export async function saveAgentNotes(db: Db, sessionId: string, notes: string): Promise<void> {
  const [saved] = await db.update(sessions).set({ agentNotes: notes }).where(eq(sessions.id, sessionId)).returning({ id: sessions.id });
  if (!saved) throw new ServiceError("not_found", "The session no longer exists.");
}
