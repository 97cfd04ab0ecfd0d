/** What a page can listen to with `Tandem.on(event, callback)`. */
export type TandemEvent = "session_started" | "session_ended" | "authorization_requested" | "custom_message" | "callStart" | "callAccepted" | "callEnd";

type Callback = (detail: Record<string, unknown>) => void;

export function createEmitter() {
  const listeners = new Map<TandemEvent, Set<Callback>>();
  return {
    on(event: TandemEvent, callback: Callback): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(callback);
      listeners.set(event, set);
      return () => set.delete(callback);
    },
    emit(event: TandemEvent, detail: Record<string, unknown> = {}): void {
      for (const callback of listeners.get(event) ?? []) {
        try {
          callback(detail);
        } catch (error) {
          console.error("Tandem: an event listener failed", error);
        }
      }
    },
  };
}

export type Emitter = ReturnType<typeof createEmitter>;
