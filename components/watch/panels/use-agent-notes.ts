"use client";

import { useEffect, useState } from "react";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { createNotesSaver, type NotesState, type SaveOutcome } from "./notes-saver";
import { viewerPost } from "../session/viewer-post";

const draftKey = (sessionId: string) => `tandem.notes.${sessionId}`;

function readDraft(sessionId: string): string | null {
  try {
    return localStorage.getItem(draftKey(sessionId));
  } catch {
    return null;
  }
}

function writeDraft(sessionId: string, text: string | null): void {
  try {
    if (text === null) localStorage.removeItem(draftKey(sessionId));
    else localStorage.setItem(draftKey(sessionId), text);
  } catch {
    // storage blocked: the text still goes to the service
  }
}

/**
 * The agents' notes of a session, saved as the agent types. Until the service has a text, it is kept in
 * this browser too, so a reload, a dropped connection or a closed tab loses nothing: saving retries
 * until it succeeds, and a reopened page sends what the service never got.
 */
export function useAgentNotes(sessionId: string, savedNotes: string, token: string) {
  const [text, setText] = useState(savedNotes);
  const [state, setState] = useState<NotesState>("saved");
  const [saver] = useState(() =>
    createNotesSaver({
      saved: savedNotes,
      save: async (notes): Promise<SaveOutcome> => {
        const response = await viewerPost(liveRoutes.saveAgentNotes, sessionId, token, { notes });
        if (response.ok) return "saved";
        return response.status === 401 ? "expired" : "retry";
      },
      onState: (next) => {
        if (next === "saved") writeDraft(sessionId, null);
        setState(next);
      },
    }),
  );

  const change = (next: string) => {
    setText(next);
    writeDraft(sessionId, next);
    saver.change(next);
  };

  useEffect(() => {
    // What this browser kept but the service never got (a reload or a drop while saving): restore and send it.
    const draft = readDraft(sessionId);
    if (draft !== null && draft !== savedNotes) {
      // The draft is in localStorage, which the server's render of the page cannot read: it comes in after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setText(draft);
      saver.change(draft);
    } else writeDraft(sessionId, null);
    // Back online: try at once rather than at the next retry.
    const sendNow = () => void saver.flush();
    window.addEventListener("online", sendNow);
    // Leaving the page before the save was due: send it now (a keepalive request outlives the page).
    window.addEventListener("pagehide", sendNow);
    return () => {
      window.removeEventListener("online", sendNow);
      window.removeEventListener("pagehide", sendNow);
      saver.stop();
    };
  }, [sessionId, savedNotes, saver]);

  return { text, state, change, flush: saver.flush };
}
