/**
 * A light copy of the visitor's page, rebuilt on the server from what the live relay carries: rrweb's full
 * snapshot (a JSON tree of nodes with ids, masked by the visitor script) and the changes after it. No DOM
 * implementation, no layout: elements, attributes, text, the values of fields, the scroll and viewport.
 * The ids are rrweb's, the same the watch page's tools address, so they serve as the AI agent's refs.
 */
import { SNAPSHOT_SLICES_EVENT_TAG } from "@/lib/contract/recording-marks";

/** rrweb's serialized node types. */
const NODE = { document: 0, doctype: 1, element: 2, text: 3, cdata: 4, comment: 5 } as const;
/** rrweb's event types and incremental sources this copy follows. */
const EVENT = { fullSnapshot: 2, incremental: 3, meta: 4, custom: 5 } as const;
const SOURCE = { mutation: 0, scroll: 3, viewportResize: 4, input: 5 } as const;

export interface PageNode {
  id: number;
  type: number;
  tagName?: string;
  attributes: Record<string, string>;
  text?: string;
  children: PageNode[];
  parent: PageNode | null;
  /** A field's value and checked state as the visitor's Input events last gave them. */
  value?: string;
  checked?: boolean;
}

interface SerializedNode {
  id: number;
  type: number;
  tagName?: string;
  attributes?: Record<string, unknown>;
  textContent?: string;
  childNodes?: SerializedNode[];
}

interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

type Mutation = {
  texts?: { id: number; value: string | null }[];
  attributes?: { id: number; attributes: Record<string, unknown> }[];
  removes?: { parentId: number; id: number }[];
  adds?: { parentId: number; nextId: number | null; node: SerializedNode }[];
};

function attributeValue(value: unknown): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || value === true) return String(value);
  // A style diff ({ prop: value | false }): the tree keeps style only to tell what is hidden.
  return null;
}

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

  node(id: number): PageNode | undefined {
    return this.nodes.get(id);
  }

  get size(): number {
    return this.nodes.size;
  }

  /** Applies events in order; returns whether anything of the page changed. */
  apply(events: readonly RecordedEvent[]): boolean {
    let changed = false;
    for (const event of events) changed = this.applyOne(event) || changed;
    if (changed) this.version++;
    return changed;
  }

  private applyOne(event: RecordedEvent): boolean {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === EVENT.meta) {
      if (typeof data.href === "string") this.url = data.href;
      if (typeof data.width === "number") this.viewport = { width: data.width, height: Number(data.height) || 0 };
      return true;
    }
    if (event.type === EVENT.custom) return this.slicesMark(data);
    if (event.type === EVENT.fullSnapshot) {
      // Whole unless the visitor script says parts follow in slices.
      this.assembling = false;
      this.nodes.clear();
      this.root = this.build(data.node as SerializedNode, null);
      const offset = data.initialOffset as { top?: number; left?: number } | undefined;
      this.scroll = { x: offset?.left ?? 0, y: offset?.top ?? 0 };
      return true;
    }
    if (event.type !== EVENT.incremental || !this.root) return false;
    switch (data.source) {
      case SOURCE.mutation:
        return this.mutate(data as Mutation);
      case SOURCE.input: {
        const node = this.nodes.get(Number(data.id));
        if (!node) return false;
        if (typeof data.text === "string") node.value = data.text;
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

  private build(serialized: SerializedNode, parent: PageNode | null): PageNode {
    const attributes: Record<string, string> = {};
    for (const [name, raw] of Object.entries(serialized.attributes ?? {})) {
      const value = attributeValue(raw);
      if (value !== null) attributes[name] = value;
    }
    const node: PageNode = {
      id: serialized.id,
      type: serialized.type,
      tagName: serialized.tagName?.toLowerCase(),
      attributes,
      text: serialized.type === NODE.text || serialized.type === NODE.cdata ? (serialized.textContent ?? "") : undefined,
      children: [],
      parent,
    };
    this.nodes.set(node.id, node);
    for (const child of serialized.childNodes ?? []) node.children.push(this.build(child, node));
    return node;
  }

  private drop(node: PageNode): void {
    this.nodes.delete(node.id);
    for (const child of node.children) this.drop(child);
  }

  private mutate(mutation: Mutation): boolean {
    for (const { id } of mutation.removes ?? []) {
      const node = this.nodes.get(id);
      if (!node) continue;
      if (node.parent) node.parent.children = node.parent.children.filter((child) => child !== node);
      this.drop(node);
    }
    // Adds may name a next sibling that comes later in the list: placed in passes, as rrweb's replayer does.
    let pending = [...(mutation.adds ?? [])];
    while (pending.length) {
      const later: typeof pending = [];
      for (const add of pending) {
        const parent = this.nodes.get(add.parentId);
        const next = add.nextId === null || add.nextId === undefined ? null : this.nodes.get(add.nextId);
        if (!parent || (add.nextId !== null && add.nextId !== undefined && !next)) later.push(add);
        else this.insert(parent, add.node, next ?? null);
      }
      if (later.length === pending.length) {
        // No progress: what has a parent is appended, the rest (its parent was never sent) is left out.
        for (const add of later) {
          const parent = this.nodes.get(add.parentId);
          if (parent) this.insert(parent, add.node, null);
        }
        break;
      }
      pending = later;
    }
    for (const { id, value } of mutation.texts ?? []) {
      const node = this.nodes.get(id);
      if (node) node.text = value ?? "";
    }
    for (const { id, attributes } of mutation.attributes ?? []) {
      const node = this.nodes.get(id);
      if (!node) continue;
      for (const [name, raw] of Object.entries(attributes)) {
        if (name === "style" && raw && typeof raw === "object") {
          node.attributes.style = mergeStyle(node.attributes.style ?? "", raw as Record<string, unknown>);
          continue;
        }
        const value = attributeValue(raw);
        if (value === null) delete node.attributes[name];
        else node.attributes[name] = value;
        if (name === "value" && value !== null) node.value = value;
      }
    }
    return true;
  }

  private insert(parent: PageNode, serialized: SerializedNode, next: PageNode | null): void {
    const existing = this.nodes.get(serialized.id);
    if (existing?.parent) {
      existing.parent.children = existing.parent.children.filter((child) => child !== existing);
      this.drop(existing);
    }
    const node = this.build(serialized, parent);
    const at = next ? parent.children.indexOf(next) : -1;
    if (at === -1) parent.children.push(node);
    else parent.children.splice(at, 0, node);
  }
}

/** Applies rrweb's style diff ({ display: "none" } or { display: false }) to an inline style string. */
function mergeStyle(style: string, diff: Record<string, unknown>): string {
  const declarations = new Map<string, string>();
  for (const part of style.split(";")) {
    const colon = part.indexOf(":");
    if (colon > 0) declarations.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  for (const [property, value] of Object.entries(diff)) {
    if (value === false || value === null) declarations.delete(property);
    else if (typeof value === "string") declarations.set(property, value);
    else if (Array.isArray(value) && typeof value[0] === "string") declarations.set(property, value[0]);
  }
  return [...declarations].map(([property, value]) => `${property}: ${value}`).join("; ");
}
