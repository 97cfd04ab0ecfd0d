import type { ControlMessage } from "@/lib/contract";

/**
 * The agent's input, played in the order it came, each key press in a task of its own. Characters the
 * watch page joined into one message (typed while the one before was on its way) are pressed one at a
 * time as a person's are: an editor that owns its input (CodeMirror reads its DOM after each change)
 * sees one change at a time, and kept only the first of several made in one task. Whatever follows a
 * message waits for its last character.
 */
export function createControlQueue(apply: (message: ControlMessage) => void) {
  const waiting: ControlMessage[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    timer = undefined;
    const message = waiting.shift();
    if (!message) return;
    try {
      apply(message);
    } finally {
      if (waiting.length) timer = setTimeout(next, 0);
    }
  };
  return {
    add(message: ControlMessage) {
      waiting.push(...oneKeyPressEach(message));
      if (timer === undefined) next();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      waiting.length = 0;
    },
  };
}

/** Typed text as one message per character; a paste or an input method's text stays one insertion. */
export function oneKeyPressEach(message: ControlMessage): ControlMessage[] {
  if (message.tool !== "type" || message.paste || message.composition) return [message];
  return Array.from(message.text.replace(/\r\n?/g, "\n"), (character) => ({ ...message, text: character }));
}
