/** "saved": the service holds the text shown; "saving": a save is due or on its way; "retrying": the last one failed. */
export type NotesState = "saved" | "saving" | "retrying" | "expired";

/** A save leaves this long after typing stops. */
export const NOTES_SAVE_DELAY_MS = 400;
const RETRY_MS = [1000, 2000, 4000, 8000];

/** What one save came to: stored, refused for good (the credential expired), or to be tried again. */
export type SaveOutcome = "saved" | "expired" | "retry";

interface Options {
  /** The text the service holds already. */
  saved: string;
  save: (text: string) => Promise<SaveOutcome>;
  onState: (state: NotesState) => void;
}

/**
 * Saves a text a moment after each change, one save at a time and always the latest text, retrying a
 * failed save with growing pauses until it gets through.
 */
export function createNotesSaver({ saved, save, onState }: Options) {
  let latest = saved;
  let persisted = saved;
  let sending = false;
  let expired = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
  };

  async function flush(): Promise<void> {
    clearTimeout(timer);
    if (sending || expired || latest === persisted) return;
    sending = true;
    const sent = latest;
    const outcome = await save(sent).catch((): SaveOutcome => "retry");
    sending = false;
    if (outcome === "saved") {
      persisted = sent;
      failures = 0;
    }
    if (latest === persisted) onState("saved");
    else if (outcome === "expired") {
      expired = true;
      onState("expired");
    } else if (outcome === "retry") {
      onState("retrying");
      later(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    } else {
      // Typed on while the save was on its way: send the newer text.
      void flush();
    }
  }

  return {
    change(text: string) {
      latest = text;
      if (expired) return;
      onState("saving");
      later(NOTES_SAVE_DELAY_MS);
    },
    flush,
    /** Whether the service holds the latest text. */
    isSaved: () => latest === persisted,
    stop: () => clearTimeout(timer),
  };
}
