import { PresenceWriter } from "./presence-writer";

const slot = Symbol.for("tandem.presence-writer");
type Holder = { [slot]?: PresenceWriter };

/** The process's presence writer (one for every bundle of the process). */
export function presenceWriter(): PresenceWriter {
  const holder = globalThis as Holder;
  holder[slot] ??= new PresenceWriter();
  return holder[slot];
}
