import type { ControlMessage } from "@/lib/contract";

/** The most characters one typed message carries (the contract's limit). */
const MAX_TYPED = 1000;

/**
 * The agent's messages leave one at a time, in order: `deliver`'s promise settles when one has been
 * delivered. Characters typed while one is on its way join into one message (a paste stays an
 * insertion of its own).
 */
export function createOutbox(deliver: (message: ControlMessage) => unknown) {
  const pending: ControlMessage[] = [];
  let busy = false;
  const drain = () => {
    if (busy || !pending.length) return;
    const next = pending.shift()!;
    busy = true;
    void Promise.resolve(deliver(next)).finally(() => {
      busy = false;
      drain();
    });
  };
  return (message: ControlMessage) => {
    const last = pending.at(-1);
    if (message.tool === "type" && !message.paste && last?.tool === "type" && !last.paste && last.text.length + message.text.length <= MAX_TYPED)
      pending[pending.length - 1] = { ...last, text: last.text + message.text };
    else pending.push(message);
    drain();
  };
}
