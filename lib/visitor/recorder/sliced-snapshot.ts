/**
 * Full snapshots in slices, so that recording a large page never holds the visitor's main thread long.
 *
 * rrweb serialises the whole document in one task (a 10,000-node page: over 200 ms). The visitor
 * script's build patches rrweb's serialiser (scripts/build-visitor-script.ts) to ask `DEFER_HOOK`
 * before serialising an element's children: once a slice has used its budget, elements go out without
 * their children, which follow as added nodes in later slices (idle callbacks), while rrweb goes on
 * recording changes. A change inside a part not sent yet is left out of the outgoing events: that part
 * is read when its slice runs, so it goes out as it is then, and nothing is lost.
 *
 * A scrolled pane goes out before its content, so the mirror cannot scroll it then (an empty pane has
 * nowhere to scroll): once the snapshot is whole, the offsets of the panes that were scrolled, as they
 * are then, follow it.
 */

/** A slice's budget for serialising: masking what it serialised takes about as long again, so a task stays well under 50 ms. */
export const SLICE_MS = 5;
/**
 * rrweb serialises an element's children in one loop that no budget can stop: an element with more
 * children than this always has them sent by the slices, which check the budget between children.
 */
const MANY_CHILDREN = 64;
/** Where the patched rrweb looks for the hook (only cobrowse-recorder.js's copy of rrweb is patched). */
export const DEFER_HOOK = "__tandemDeferChildren";

/** The document's frame, and elements whose children are their content or value: never sent without their children. */
const KEPT_WHOLE = new Set(["HTML", "HEAD", "BODY", "STYLE", "SCRIPT", "NOSCRIPT", "TITLE", "TEXTAREA", "SELECT", "OPTGROUP", "OPTION", "TEMPLATE", "IFRAME"]);

/** rrweb's id of a node it leaves out (a comment, a script). */
const IGNORED = -2;

export interface SerializedNode {
  id: number;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
}

type Serialize = (node: Node, options: Record<string, unknown>) => SerializedNode | null;

interface Deferred {
  element: Element;
  options: Record<string, unknown>;
  serialize: Serialize;
}

interface Add {
  parentId: number;
  nextId: number | null;
  node: SerializedNode;
}

interface Mutation {
  adds: Add[];
  removes: Array<{ id: number }>;
  texts: Array<{ id: number }>;
  attributes: Array<{ id: number }>;
}

/**
 * A serialised subtree as added nodes, each without its children (rrweb's replay builds an added node
 * alone): parents before children, siblings right to left so that each one's next sibling is in place.
 */
function flatten(parentId: number, nextId: number | null, node: SerializedNode, into: Add[]) {
  const children = node.childNodes ?? [];
  into.push({ parentId, nextId, node: node.childNodes ? { ...node, childNodes: [] } : node });
  let next: number | null = null;
  for (let index = children.length - 1; index >= 0; index--) {
    flatten(node.id, next, children[index], into);
    next = children[index].id;
  }
}

function collectIds(node: SerializedNode, into: Set<number>, scrolled?: Set<number>) {
  into.add(node.id);
  if (scrolled && (node.attributes?.rr_scrollTop || node.attributes?.rr_scrollLeft)) scrolled.add(node.id);
  for (const child of node.childNodes ?? []) collectIds(child, into, scrolled);
}

export function createSlicer(options: {
  idOf: (node: Node) => number;
  emitAdds: (adds: Add[]) => void;
  /** Goes out after the snapshot (true) when it left parts to slices, and after the last slice (false). */
  emitPending: (pending: boolean) => void;
  /** Once a snapshot is whole: the panes it found scrolled, or that scrolled while it was sliced. */
  emitScrolls: (ids: number[]) => void;
}) {
  let budgetEnd = 0;
  /** The latest snapshot left parts out and the mirror has not been told they all came. */
  let announced = false;
  let pending: Deferred[] = [];
  const pendingIds = new Set<number>();
  /** Nodes the agent's mirror has (or will, from events already out) since the latest full snapshot. */
  let sent = new Set<number>();
  let scheduled = false;
  /** Elements scrolled when serialised, or since while slicing: their offsets follow the whole snapshot. */
  let scrolled = new Set<number>();
  const onScroll = (event: Event) => {
    if (event.target instanceof Element) scrolled.add(options.idOf(event.target));
  };
  const whole = () => {
    document.removeEventListener("scroll", onScroll, true);
    const ids = Array.from(scrolled).filter((id) => sent.has(id));
    scrolled = new Set();
    if (ids.length) options.emitScrolls(ids);
  };

  const defer = (node: Node, serializeOptions: Record<string, unknown>, serialize: Serialize): boolean => {
    if (!budgetEnd || !(node instanceof Element) || KEPT_WHOLE.has(node.nodeName) || node.shadowRoot || !node.firstChild) return false;
    if (performance.now() < budgetEnd && node.childNodes.length <= MANY_CHILDREN) return false;
    pending.push({ element: node, options: serializeOptions, serialize });
    pendingIds.add(options.idOf(node));
    return true;
  };
  (window as unknown as Record<string, unknown>)[DEFER_HOOK] = defer;

  /**
   * One slice: the children of deferred elements not sent yet, right to left (each one's next sibling is
   * then in the mirror), until the budget is spent; an element leaves the queue once all are sent.
   */
  const slice = () => {
    scheduled = false;
    const adds: Add[] = [];
    budgetEnd = performance.now() + SLICE_MS;
    try {
      while (pending.length && performance.now() < budgetEnd) {
        const { element, options: serializeOptions, serialize } = pending[0];
        const parentId = options.idOf(element);
        let complete = true;
        if (element.isConnected && sent.has(parentId)) {
          let nextId: number | null = null;
          for (let child = element.lastChild; child; child = child.previousSibling) {
            const id = options.idOf(child);
            if (id === IGNORED) continue;
            if (sent.has(id)) {
              nextId = id;
              continue;
            }
            if (performance.now() >= budgetEnd) {
              complete = false;
              break;
            }
            const node = serialize(child, { ...serializeOptions, skipChild: false, needsMask: undefined, cssCaptured: false, newlyAddedElement: false });
            if (!node) continue;
            collectIds(node, sent, scrolled);
            flatten(parentId, nextId, node, adds);
            nextId = node.id;
          }
        }
        if (complete) {
          pending.shift();
          pendingIds.delete(parentId);
        }
      }
    } finally {
      budgetEnd = 0;
    }
    if (adds.length) options.emitAdds(adds);
    if (announced && !pending.length) {
      announced = false;
      options.emitPending(false);
      whole();
    }
    schedule();
  };

  const schedule = () => {
    if (scheduled || !pending.length) return;
    scheduled = true;
    if (typeof requestIdleCallback === "function") requestIdleCallback(slice, { timeout: 50 });
    else setTimeout(slice, 0);
  };

  return {
    /** Runs rrweb's full snapshot (`take`) with the first slice's budget; the rest follows in idle time. */
    snapshot(take: () => void) {
      pending = [];
      pendingIds.clear();
      sent = new Set();
      scrolled = new Set();
      budgetEnd = performance.now() + SLICE_MS;
      try {
        take();
      } finally {
        budgetEnd = 0;
      }
      // A reader of the mirror waits for the rest before taking the page as whole.
      announced = pending.length > 0;
      if (announced) {
        options.emitPending(true);
        document.addEventListener("scroll", onScroll, { capture: true, passive: true });
      } else whole();
      schedule();
    },
    /** The full snapshot as it leaves: what it holds is in the mirror. */
    snapshotSent(node: SerializedNode) {
      collectIds(node, sent, scrolled);
    },
    /** Whether the agent's mirror has (or will have, from events already out) this node. */
    has: (id: number) => sent.has(id),
    /**
     * rrweb's record of changes, less what falls inside parts not sent yet (their slices send them as
     * they are then); what it adds is in the mirror from now on.
     */
    mutationSent(mutation: Mutation) {
      const slicing = pending.length > 0;
      // rrweb lists a parent's add before its children's: each add is checked against those before it.
      // A node added (or moved) into a part not sent yet is not in the mirror: that part's slice sends it.
      mutation.adds = mutation.adds.filter((add) => {
        const kept = !slicing || (sent.has(add.parentId) && !pendingIds.has(add.parentId));
        if (kept) collectIds(add.node, sent);
        else sent.delete(add.node.id);
        return kept;
      });
      if (!slicing) return;
      mutation.removes = mutation.removes.filter((removed) => sent.has(removed.id));
      mutation.texts = mutation.texts.filter((text) => sent.has(text.id));
      mutation.attributes = mutation.attributes.filter((changed) => sent.has(changed.id));
    },
    stop() {
      pending = [];
      document.removeEventListener("scroll", onScroll, true);
      delete (window as unknown as Record<string, unknown>)[DEFER_HOOK];
    },
  };
}
