import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createNotesSaver, NOTES_SAVE_DELAY_MS, type NotesState, type SaveOutcome } from "./notes-saver";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function saver(outcomes: SaveOutcome[] = []) {
  const sent: string[] = [];
  const states: NotesState[] = [];
  const notes = createNotesSaver({
    saved: "start",
    save: async (text) => {
      sent.push(text);
      return outcomes.shift() ?? "saved";
    },
    onState: (state) => states.push(state),
  });
  return { notes, sent, states };
}

describe("createNotesSaver", () => {
  it("saves once, the latest text, a moment after typing stops", async () => {
    const { notes, sent, states } = saver();
    notes.change("start a");
    notes.change("start ab");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS - 1);
    expect(sent).toEqual([]);
    notes.change("start abc");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    expect(sent).toEqual(["start abc"]);
    expect(states.at(-1)).toBe("saved");
    expect(notes.isSaved()).toBe(true);
  });

  it("retries a failed save until it gets through, with the text typed meanwhile", async () => {
    const { notes, sent, states } = saver(["retry", "retry"]);
    notes.change("start x");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    expect(states.at(-1)).toBe("retrying");
    notes.change("start xy");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    expect(states.at(-1)).toBe("retrying");
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual(["start x", "start xy", "start xy"]);
    expect(states.at(-1)).toBe("saved");
  });

  it("stops when the credential expired, and says so", async () => {
    const { notes, sent, states } = saver(["expired"]);
    notes.change("start z");
    await vi.advanceTimersByTimeAsync(NOTES_SAVE_DELAY_MS);
    notes.change("start zz");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual(["start z"]);
    expect(states.at(-1)).toBe("expired");
    expect(notes.isSaved()).toBe(false);
  });
});
