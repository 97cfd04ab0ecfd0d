import type { Replayer } from "rrweb";
import { flatAncestors } from "@/lib/dom/shadow";
import { HOVER_EVENT_TAG } from "@/lib/contract/recording-marks";

// rrweb's numbers: EventType.IncrementalSnapshot, IncrementalSource.Mutation.
const INCREMENTAL = 3;
const MUTATION = 0;

interface AttributeChanges {
  source?: number;
  attributes?: { id: number; attributes: Record<string, unknown> }[];
}

/**
 * A modal dialog the visitor's page closed leaves the mirror's modal: rrweb replays the close as the
 * removal of its `open` attribute, which takes a dialog out of view but not out of the top layer, and a
 * page under a modal dialog takes no clicks (the agent's every click found the page's root). The mirror's
 * dialog is closed as the visitor's was.
 */
export function closeDialogsWithTheVisitor(replayer: Replayer): void {
  replayer.on("event-cast", (event) => {
    const { type, data } = event as { type: number; data: AttributeChanges };
    if (type !== INCREMENTAL || data.source !== MUTATION) return;
    for (const change of data.attributes ?? []) {
      if (!("open" in change.attributes) && !("rr_open_mode" in change.attributes)) continue;
      const dialog = replayer.getMirror().getNode(change.id) as HTMLDialogElement | null;
      if (dialog?.nodeName !== "DIALOG" || dialog.hasAttribute("open") || !dialog.matches(":modal")) continue;
      // close() acts only on an open dialog.
      dialog.setAttribute("open", "");
      dialog.close();
    }
  });
}

/**
 * The mirror never keeps the focus: a modal dialog the replay opens (showModal) moves it into the mirror's
 * document, where the agent's keys reach nothing (they go to the visitor's page from the overlay). It
 * goes back at once to what had it on the watch page.
 */
export function keepFocusOutOfTheMirror(replayer: Replayer): void {
  const frame = replayer.iframe;
  let outside: HTMLElement | null = null;
  frame.ownerDocument.addEventListener("focusin", (event) => {
    if (event.target !== frame && event.target instanceof HTMLElement) outside = event.target;
  });
  // After each event the replay applied (a dialog's showModal() focuses at once).
  replayer.on("event-cast", () => {
    if (frame.ownerDocument.activeElement === frame) outside?.focus({ preventScroll: true });
  });
}

/**
 * Shows the page's `:hover` styles where the visitor's mouse is (the recorder's hover marks): on the
 * element under it and its ancestors, through shadow roots, with the class rrweb's replay gives
 * `:hover` rules. rrweb's own hovering from the mouse's moves is left out: it kept a highlight the visitor's
 * page had dropped (the page scrolled under a still mouse, the mouse left the page).
 */
export function followVisitorHover(replayer: Replayer): void {
  let hovered: Element[] = [];
  (replayer as unknown as { hoverElements: (element: Element) => void }).hoverElements = () => {};
  replayer.on("custom-event", (event) => {
    const { tag, payload } = (event as { data?: { tag?: unknown; payload?: { id?: unknown } } }).data ?? {};
    if (tag !== HOVER_EVENT_TAG || (payload?.id !== null && typeof payload?.id !== "number")) return;
    for (const element of hovered) element.classList.remove(":hover");
    const node = payload.id === null ? null : replayer.getMirror().getNode(payload.id);
    hovered = node?.nodeType === Node.ELEMENT_NODE ? flatAncestors(node as Element) : [];
    for (const element of hovered) element.classList.add(":hover");
  });
}
