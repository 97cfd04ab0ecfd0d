"use client";

import { AGENT_NOTES_MAX_LENGTH } from "@/lib/contract/agent";
import type { NotesState } from "./notes-saver";
import { useAgentNotes } from "./use-agent-notes";

const STATE_TEXT: Record<NotesState, string> = {
  saved: "Saved",
  saving: "Saving…",
  retrying: "Not saved yet: retrying…",
  expired: "Not saved: your access to this session expired. Copy your notes.",
};

/** The agents' notes of the session: seeded with the link's initial notes, saved as they type, never shown to the visitor. */
export function AgentNotes({ sessionId, notes, token }: { sessionId: string; notes: string; token: string }) {
  const { text, state, change, flush } = useAgentNotes(sessionId, notes, token);
  return (
    <section className="flex flex-col gap-1.5" aria-label="Agent notes">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor="agent-notes" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Notes
        </label>
        <span role="status" data-testid="notes-status" className={state === "saved" ? "text-xs text-zinc-500" : "text-xs text-amber-700 dark:text-amber-300"}>
          {STATE_TEXT[state]}
        </span>
      </div>
      <textarea
        id="agent-notes"
        value={text}
        maxLength={AGENT_NOTES_MAX_LENGTH}
        rows={3}
        aria-describedby="agent-notes-hint"
        onChange={(event) => change(event.target.value)}
        onBlur={() => void flush()}
        className="resize-y rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      />
      <p id="agent-notes-hint" className="text-xs text-zinc-500">
        Kept with the session for your team; the visitor never sees them.
      </p>
    </section>
  );
}
