/**
 * Tab and Shift+Tab: focus moves to the next or previous element of the document's sequential focus
 * order (positive tabindex first, in order, then the rest in tree order), skipping what is disabled,
 * hidden or out of the order (tabindex=-1). At either end it wraps, as a page alone in a window does.
 */

const CANDIDATES =
  "a[href],area[href],button,input:not([type=hidden]),select,textarea,summary,iframe,audio[controls],video[controls],[tabindex],[contenteditable]:not([contenteditable=false])";

function tabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || (element as HTMLButtonElement).disabled) return false;
  if (element.closest("[inert]")) return false;
  const style = getComputedStyle(element);
  return style.visibility !== "hidden" && style.display !== "none" && element.getClientRects().length > 0;
}

export function moveFocus(from: Element | null, backward: boolean): void {
  const doc = from?.ownerDocument ?? document;
  const all = Array.from(doc.querySelectorAll<HTMLElement>(CANDIDATES)).filter(tabbable);
  // A stable sort: positive tabindex ascending, then 0 in tree order.
  const order = all
    .map((element, index) => ({ element, index, key: element.tabIndex > 0 ? element.tabIndex : Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ element }) => element);
  if (!order.length) return;
  const at = from ? order.indexOf(from as HTMLElement) : -1;
  const next = at < 0 ? (backward ? order.length - 1 : 0) : (at + (backward ? -1 : 1) + order.length) % order.length;
  order[next].focus();
  const field = order[next] as HTMLInputElement;
  // Tabbing into a text field selects its text, as browsers do.
  if (typeof field.select === "function" && (field.localName === "input" || field.localName === "textarea")) {
    try {
      field.select();
    } catch {
      // not selectable
    }
  }
}
