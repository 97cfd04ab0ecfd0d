/**
 * The page as a person's pointer meets it: through open shadow roots. `elementFromPoint` and
 * `parentElement` stop at a shadow root's host; a web component's field, list or scrolling pane is
 * inside it. Shared by the visitor script (where the agent's input lands) and the watch page (what the
 * agent points at in the mirror).
 */

/** The innermost element at (x, y) of `root`'s viewport, inside open shadow roots. */
export function deepElementFromPoint(root: Document, x: number, y: number): Element | null {
  let target = root.elementFromPoint(x, y);
  while (target?.shadowRoot) {
    const inner = target.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === target) break;
    target = inner;
  }
  return target;
}

/**
 * The element's parent as the page is drawn (the flat tree): the slot it is assigned to, else its parent
 * element, else, at the top of a shadow root, the root's host.
 */
export function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const root = element.parentNode;
  return root && root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((root as ShadowRoot).host ?? null) : null;
}

/** The element and its flat-tree ancestors, innermost first. */
export function flatAncestors(element: Element | null): Element[] {
  const chain: Element[] = [];
  for (let node = element; node; node = flatParent(node)) chain.push(node);
  return chain;
}

/** The nearest of the element and its flat-tree ancestors that matches `selector`. */
export function closestThroughShadows<T extends Element = Element>(element: Element, selector: string): T | null {
  return (flatAncestors(element).find((node) => node.matches(selector)) as T | undefined) ?? null;
}

/** The element that has focus, inside open shadow roots (the document's `activeElement` is the outermost host). */
export function deepActiveElement(doc: Document): Element | null {
  let element = doc.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

/** The open shadow roots around the element, outermost last (for `caretPositionFromPoint`). */
export function shadowRootsAround(element: Element): ShadowRoot[] {
  return flatAncestors(element)
    .map((node) => node.getRootNode())
    .filter((root, index, all): root is ShadowRoot => root.nodeType === Node.DOCUMENT_FRAGMENT_NODE && all.indexOf(root) === index);
}
