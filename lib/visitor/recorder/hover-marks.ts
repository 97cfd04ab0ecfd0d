/**
 * Tells the agent which element is under the visitor's mouse, for the page's `:hover` styles (a data
 * grid's highlighted row): a custom event each time it changes. rrweb's mouse moves alone left the
 * mirror's highlight where it was when the page scrolled under a still mouse (the browser moves `:hover`
 * then, with no mouse move) and when the mouse left the page.
 */
export function markHover(options: { idOf: (node: Node) => number; emit: (mark: { id: number | null }) => void }) {
  let last: number | null | undefined;
  const send = (id: number | null) => {
    if (id === last) return;
    last = id;
    options.emit({ id });
  };
  // `mouseover` is composed: its path starts at the innermost element under the mouse; the first node
  // of it the mirror has (not one inside a masked element) is marked.
  const over = (event: Event) => {
    const ids = event.composedPath().map((node) => (node instanceof Node ? options.idOf(node) : -1));
    send(ids.find((id) => id > 0) ?? null);
  };
  const out = (event: Event) => {
    if ((event as MouseEvent).relatedTarget === null) send(null);
  };
  document.addEventListener("mouseover", over, true);
  document.addEventListener("mouseout", out, true);
  return {
    /** After a fresh snapshot: the mark again. */
    resend() {
      const id = last ?? null;
      last = undefined;
      send(id);
    },
    stop() {
      document.removeEventListener("mouseover", over, true);
      document.removeEventListener("mouseout", out, true);
    },
  };
}
