"use server";

import { z } from "zod";
import { AGENT_NOTES_MAX_LENGTH, FEEDBACK_COMMENT_MAX_LENGTH } from "@/lib/contract";
import { ActionError, defineAction } from "@/lib/console/action";
import { apiConnection } from "@/lib/console/api";
import { describeApiError } from "@/lib/console/api-errors";
import type { Caller } from "@/lib/console/auth/caller";
import { findSession, type FoundSession } from "./load-sessions";
import { agentIdsOf, sessionPath } from "./session-people";

const sessionId = z.string().min(1).max(64);
const bySession = (input: { sessionId: string }) => input.sessionId;
const onPage = (input: { sessionId: string }) => sessionPath(input.sessionId);

/** The session, if the caller may see it and the API lets the console change it (Tandem's session endpoints). */
async function changeableSession(caller: Caller, id: string): Promise<FoundSession> {
  let found: FoundSession | null;
  try {
    found = await findSession(caller, id);
  } catch (error) {
    throw new ActionError(describeApiError(error));
  }
  if (!found) throw new ActionError("This session no longer exists, or is not one of yours.");
  if (!found.extended) throw new ActionError("The co-browsing service this console uses does not let a session be changed after it ended.");
  return found;
}

async function viaApi<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ActionError(describeApiError(error, { not_found: "This session no longer exists." }));
  }
}

const notesInput = z.object({
  sessionId,
  notes: z.string().max(AGENT_NOTES_MAX_LENGTH, `Notes are at most ${AGENT_NOTES_MAX_LENGTH.toLocaleString("en-US")} characters.`),
});
const ratingInput = z.object({
  sessionId,
  rating: z.coerce.number({ error: "Choose a rating from 1 to 5." }).int().min(1, "Choose a rating from 1 to 5.").max(5, "Choose a rating from 1 to 5."),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH).optional(),
});

/** The session's notes, written up after it ended (from its page): whoever may see the session. */
export const saveSessionNotes = defineAction<typeof notesInput, { notes: string; visitorId: string }>({
  role: "agent",
  input: notesInput,
  // The audit names the session's visitor; never the notes themselves.
  audit: { action: "session_notes_edited", target: bySession, detail: (_input, result) => ({ visitor_id: result?.visitorId }) },
  revalidate: onPage,
  run: async (input, caller) => {
    await changeableSession(caller, input.sessionId);
    const saved = await viaApi(() => apiConnection().cloud.updateSession(input.sessionId, { agent_notes: input.notes }));
    return { notes: saved.agent_notes ?? "", visitorId: saved.visitor_id };
  },
});

/** The caller's own rating of a session they took part in, once it ended: what the watch page asks, given later. */
export const rateSession = defineAction<typeof ratingInput, { visitorId: string }>({
  role: "agent",
  input: ratingInput,
  audit: { action: "session_rated", target: bySession, detail: (input, result) => ({ rating: input.rating, visitor_id: result?.visitorId }) },
  revalidate: onPage,
  run: async (input, caller) => {
    const { session } = await changeableSession(caller, input.sessionId);
    const [agentId] = agentIdsOf(session, caller);
    if (!agentId) throw new ActionError("Only an agent of the session rates it.");
    await viaApi(() => apiConnection().cloud.rateSession(input.sessionId, { agent_id: agentId, rating: input.rating, comment: input.comment || null }));
    return { visitorId: session.visitor_id };
  },
});
