/**
 * A light copy of the visitor's page, rebuilt on the server from what the live relay carries: rrweb's full
 * snapshot (a JSON tree of nodes with ids, masked by the visitor script) and the changes after it. No DOM
 * implementation, no layout: elements, attributes, text, the values of fields, the scroll and viewport.
 * The ids are rrweb's, the same the watch page's tools address, so they serve as the AI agent's refs.
 *
 * All of it comes from the visitor's page, so nothing costs more than linear work on what was sent:
 * children are linked lists, every walk is a loop, the copy keeps no more than PAGE_LIMITS, and
 * `applySteps` yields between small pieces of work so that its caller can give the thread back.
 */
import { SNAPSHOT_SLICES_EVENT_TAG } from "@/lib/contract/recording-marks";
import { attributeValue, clip, isAncestor, link, mergeStyle, PAGE_LIMITS, unlink, type PageNode } from "./page-node";

export { childrenOf, PAGE_LIMITS, type PageNode } from "./page-node";

/** rrweb's serialized node types. */
const NODE = { document: 0, doctype: 1, element: 2, text: 3, cdata: 4, comment: 5 } as const;
/** rrweb's event types and incremental sources this copy follows. */
const EVENT = { fullSnapshot: 2, incremental: 3, meta: 4, custom: 5 } as const;
const SOURCE = { mutation: 0, scroll: 3, viewportResize: 4, input: 5 } as const;
/** Pieces of work between two yields of `applySteps`. */
const STEP = 64;
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

interface SerializedNode {
  id: number;
  type: number;
  tagName?: string;
  attributes?: Record<string, unknown>;
  textContent?: string;
  childNodes?: SerializedNode[];
}

export interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

interface Add {
  parentId: number;
  nextId: number | null;
  node: SerializedNode;
}

type Mutation = {
  texts?: { id: number; value: string | null }[];
  attributes?: { id: number; attributes: Record<string, unknown> }[];
  removes?: { parentId: number; id: number }[];
  adds?: Add[];
};

export class PageTree {
  root: PageNode | null = null;
  private nodes = new Map<number, PageNode>();
  url = "";
  viewport = { width: 0, height: 0 };
  scroll = { x: 0, y: 0 };
  /** Grows with every applied change: a reader tells whether the page changed since it last looked. */
  version = 0;
  /**
   * The latest full snapshot left parts of the page to slices that have not all come yet: what the tree
   * holds is only the top of the page (an element can show without its children).
   */
  assembling = false;
  /** Parts of the page were left out: past PAGE_LIMITS. */
  truncated = false;

  node(id: number): PageNode | undefined {
    return this.nodes.get(id);
  }

  get size(): number {
    return this.nodes.size;
  }

  /** Applies events in order, all at once; returns whether anything of the page changed. */
  apply(events: readonly RecordedEvent[]): boolean {
    const steps = this.applySteps(events);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** Applies events in order, yielding between small pieces of work; returns whether anything changed. */
  *applySteps(events: readonly RecordedEvent[]): Generator<void, boolean> {
    let changed = false;
    for (const event of list<RecordedEvent>(events)) {
      changed = (yield* this.applyOne(event)) || changed;
      yield;
    }
    if (changed) this.version++;
    return changed;
  }

  private *applyOne(event: RecordedEvent): Generator<void, boolean> {
    if (!event || typeof event !== "object") return false;
    const data = (event.data && typeof event.data === "object" ? event.data : {}) as Record<string, unknown>;
    if (event.type === EVENT.meta) {
      if (typeof data.href === "string") this.url = clip(data.href);
      if (typeof data.width === "number") this.viewport = { width: data.width, height: Number(data.height) || 0 };
      return true;
    }
    if (event.type === EVENT.custom) return this.slicesMark(data);
    if (event.type === EVENT.fullSnapshot) {
      // Whole unless the visitor script says parts follow in slices.
      this.assembling = false;
      this.truncated = false;
      this.nodes.clear();
      this.root = null;
      const serialized = data.node as SerializedNode | undefined;
      if (serialized && typeof serialized === "object") this.root = yield* this.build(serialized, null);
      const offset = data.initialOffset as { top?: number; left?: number } | undefined;
      this.scroll = { x: Number(offset?.left) || 0, y: Number(offset?.top) || 0 };
      return true;
    }
    if (event.type !== EVENT.incremental || !this.root) return false;
    switch (data.source) {
      case SOURCE.mutation:
        return yield* this.mutate(data as Mutation);
      case SOURCE.input: {
        const node = this.nodes.get(Number(data.id));
        if (!node) return false;
        if (typeof data.text === "string") node.value = clip(data.text);
        if (typeof data.isChecked === "boolean") node.checked = data.isChecked;
        return true;
      }
      case SOURCE.scroll:
        if (Number(data.id) === this.root.id || this.nodes.get(Number(data.id))?.tagName === "html") {
          this.scroll = { x: Number(data.x) || 0, y: Number(data.y) || 0 };
          return true;
        }
        return false;
      case SOURCE.viewportResize:
        this.viewport = { width: Number(data.width) || 0, height: Number(data.height) || 0 };
        return true;
      default:
        return false;
    }
  }

  /** The visitor script's word on whether parts of the latest snapshot are still to come. */
  private slicesMark(data: Record<string, unknown>): boolean {
    const pending = (data.payload as { pending?: unknown } | undefined)?.pending;
    if (data.tag !== SNAPSHOT_SLICES_EVENT_TAG || typeof pending !== "boolean" || !this.root || pending === this.assembling) return false;
    this.assembling = pending;
    return true;
  }

  private fresh(serialized: SerializedNode, parent: PageNode | null): PageNode {
    const attributes: Record<string, string> = {};
    const raw = serialized.attributes && typeof serialized.attributes === "object" ? serialized.attributes : {};
    let kept = 0;
    for (const name in raw) {
      if (kept >= PAGE_LIMITS.attributes) break;
      const value = attributeValue(raw[name]);
      if (value === null) continue;
      attributes[name.slice(0, 100)] = value;
      kept++;
    }
    const isText = serialized.type === NODE.text || serialized.type === NODE.cdata;
    return {
      id: Number(serialized.id),
      type: Number(serialized.type),
      tagName: typeof serialized.tagName === "string" ? serialized.tagName.slice(0, 100).toLowerCase() : undefined,
      attributes,
      text: isText ? clip(typeof serialized.textContent === "string" ? serialized.textContent : "") : undefined,
      parent,
      depth: parent ? parent.depth + 1 : 0,
      first: null,
      last: null,
      next: null,
      previous: null,
    };
  }

  /**
   * Builds the serialized subtree under `parent` (before `before`, else at the end), breadth by breadth
   * with a queue of its own: as deep as it comes, within the limits.
   */
  private *build(serialized: SerializedNode, parent: PageNode | null, before: PageNode | null = null): Generator<void, PageNode | null> {
    let top: PageNode | null = null;
    const queue: [SerializedNode, PageNode | null, PageNode | null][] = [[serialized, parent, before]];
    for (let index = 0; index < queue.length; index++) {
      const [item, under, next] = queue[index];
      queue[index] = undefined as never; // let what was built go
      // An id the page already holds is not taken twice: each ref names one element.
      if (!item || typeof item !== "object" || this.nodes.has(Number(item.id))) continue;
      if (this.nodes.size >= PAGE_LIMITS.nodes || (under && under.depth + 1 > PAGE_LIMITS.depth)) {
        this.truncated = true;
        continue;
      }
      const node = this.fresh(item, under);
      this.nodes.set(node.id, node);
      if (under) link(under, node, next);
      top ??= node;
      for (const child of list<SerializedNode>(item.childNodes)) queue.push([child, node, null]);
      if (index % STEP === STEP - 1) yield;
    }
    return top;
  }

  /** Unlinks `node` and forgets it and everything under it. */
  private *drop(node: PageNode): Generator<void> {
    unlink(node);
    const stack = [node];
    for (let count = 1; stack.length; count++) {
      const gone = stack.pop()!;
      if (this.nodes.get(gone.id) === gone) this.nodes.delete(gone.id);
      for (let child = gone.first; child; child = child.next) stack.push(child);
      if (count % STEP === 0) yield;
    }
  }

  private *mutate(mutation: Mutation): Generator<void, boolean> {
    for (const remove of list<{ id: number }>(mutation.removes)) {
      const node = this.nodes.get(Number(remove?.id));
      if (node && node !== this.root) yield* this.drop(node);
      yield;
    }
    yield* this.placeAdds(list<Add>(mutation.adds));
    for (const { id, value } of list<{ id: number; value: unknown }>(mutation.texts)) {
      const node = this.nodes.get(Number(id));
      if (node) node.text = clip(typeof value === "string" ? value : "");
      yield;
    }
    for (const change of list<{ id: number; attributes: Record<string, unknown> }>(mutation.attributes)) {
      const node = this.nodes.get(Number(change?.id));
      if (!node || !change.attributes || typeof change.attributes !== "object") continue;
      let seen = 0;
      for (const name in change.attributes) {
        if (++seen > PAGE_LIMITS.attributes) break;
        const raw = change.attributes[name];
        if (name === "style" && raw && typeof raw === "object") {
          node.attributes.style = mergeStyle(node.attributes.style ?? "", raw as Record<string, unknown>);
          continue;
        }
        const value = attributeValue(raw);
        if (value === null) delete node.attributes[name];
        else if (name in node.attributes || Object.keys(node.attributes).length < PAGE_LIMITS.attributes) node.attributes[name] = value;
        if (name === "value" && value !== null) node.value = value;
      }
      yield;
    }
    return true;
  }

  /**
   * Places a mutation's added nodes in one pass. An add may name a parent or a next sibling that another
   * add of the same list brings (rrweb lists them newest first): that add is placed first, following the
   * chain with a stack, so each add is placed once whatever the order. A next sibling that never comes
   * leaves the node at its parent's end; a parent that never comes leaves it out (as rrweb's replayer does).
   */
  private *placeAdds(adds: Add[]): Generator<void> {
    const waiting = new Map<number, Add>();
    for (const add of adds) if (add?.node && typeof add.node === "object") waiting.set(Number(add.node.id), add);
    const placing = new Set<Add>();
    for (const first of adds) {
      if (!waiting.has(Number(first?.node?.id)) || waiting.get(Number(first.node.id)) !== first) continue;
      const stack = [first];
      while (stack.length) {
        yield;
        const add = stack[stack.length - 1];
        placing.add(add);
        const before = this.firstNeeded(add, waiting, placing);
        if (before) {
          stack.push(before);
          continue;
        }
        stack.pop();
        waiting.delete(Number(add.node.id));
        const parent = this.nodes.get(Number(add.parentId));
        if (!parent) continue;
        const next = add.nextId === null || add.nextId === undefined ? null : this.nodes.get(Number(add.nextId));
        yield* this.insert(parent, add.node, next?.parent === parent ? next : null);
      }
    }
  }

  /** The add of the same list that brings `add`'s parent or next sibling and is still to be placed. */
  private firstNeeded(add: Add, waiting: Map<number, Add>, placing: Set<Add>): Add | undefined {
    for (const id of [add.parentId, add.nextId]) {
      const other = id === null || id === undefined ? undefined : waiting.get(Number(id));
      if (other && other !== add && !placing.has(other)) return other;
    }
    return undefined;
  }

  private *insert(parent: PageNode, serialized: SerializedNode, next: PageNode | null): Generator<void> {
    const existing = this.nodes.get(Number(serialized.id));
    if (existing) {
      // A node moved: its old place goes; a node cannot go inside itself.
      if (isAncestor(existing, parent)) return;
      if (existing === next) next = existing.next;
      yield* this.drop(existing);
    }
    yield* this.build(serialized, parent, next);
  }
}
