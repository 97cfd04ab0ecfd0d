"use client";

import { useState, useTransition } from "react";
import { FormStatus } from "@/components/settings/form-status";
import { Button } from "@/components/ui/button";
import { AGENT_NOTES_MAX_LENGTH } from "@/lib/contract/agent";
import { saveSessionNotes } from "@/lib/console/sessions/actions";

/** The session's notes, written up after it ended; what was typed stays while it saves, and after an error. */
export function SessionNotesForm({ sessionId, notes }: { sessionId: string; notes: string }) {
  const [text, setText] = useState(notes);
  const [result, setResult] = useState<Awaited<ReturnType<typeof saveSessionNotes>> | null>(null);
  const [pending, startTransition] = useTransition();
  // Not a form action: React would reset the text to where the page began once it is sent.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const saved = await saveSessionNotes({ sessionId, notes: text });
      startTransition(() => setResult(saved));
    });
  };
  // "Saved" while the text is what was saved: typing again takes it away.
  const saved = result?.ok && result.data.notes === (text.trim() ? text : "") ? "Saved" : undefined;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="session-notes" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Notes
      </label>
      <textarea
        id="session-notes"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        maxLength={AGENT_NOTES_MAX_LENGTH}
        aria-describedby="session-notes-hint"
        className="resize-y rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      />
      <p id="session-notes-hint" className="text-xs text-zinc-500 dark:text-zinc-400">
        Kept with the session for your team; the visitor never sees them.
      </p>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save notes"}
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="session-notes-status">
            {saved}
          </span>
        ) : null}
      </div>
      {result && !result.ok ? <FormStatus result={result} /> : null}
    </form>
  );
}
