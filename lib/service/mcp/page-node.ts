/**
 * The nodes of the AI agent's page copy (page-tree.ts) and what works on them: children as a linked list,
 * so a node is placed or taken out in constant time, and the limits of what one node may hold.
 */

/** What the copy keeps at most; beyond, the rest of the page is left out (`truncated`). */
export const PAGE_LIMITS = { nodes: 50_000, depth: 256, text: 2_000, attributes: 64 } as const;

export interface PageNode {
  id: number;
  type: number;
  tagName?: string;
  attributes: Record<string, string>;
  text?: string;
  parent: PageNode | null;
  depth: number;
  first: PageNode | null;
  last: PageNode | null;
  next: PageNode | null;
  previous: PageNode | null;
  /** A field's value and checked state as the visitor's Input events last gave them. */
  value?: string;
  checked?: boolean;
}

export const clip = (text: string) => (text.length > PAGE_LIMITS.text ? text.slice(0, PAGE_LIMITS.text) : text);

export function attributeValue(value: unknown): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (typeof value === "string") return clip(value);
  if (typeof value === "number" || value === true) return String(value);
  // A style diff ({ prop: value | false }): the tree keeps style only to tell what is hidden.
  return null;
}

/** The children of `node`, in order. */
export function* childrenOf(node: PageNode): Generator<PageNode> {
  for (let child = node.first; child; child = child.next) yield child;
}

export function isAncestor(node: PageNode, of: PageNode): boolean {
  for (let up: PageNode | null = of; up; up = up.parent) if (up === node) return true;
  return false;
}

export function link(parent: PageNode, node: PageNode, before: PageNode | null): void {
  node.parent = parent;
  node.next = before;
  node.previous = before ? before.previous : parent.last;
  if (node.previous) node.previous.next = node;
  else parent.first = node;
  if (before) before.previous = node;
  else parent.last = node;
}

export function unlink(node: PageNode): void {
  const parent = node.parent;
  if (!parent) return;
  if (node.previous) node.previous.next = node.next;
  else parent.first = node.next;
  if (node.next) node.next.previous = node.previous;
  else parent.last = node.previous;
  node.parent = node.next = node.previous = null;
}

/** Applies rrweb's style diff ({ display: "none" } or { display: false }) to an inline style string. */
export function mergeStyle(style: string, diff: Record<string, unknown>): string {
  const declarations = new Map<string, string>();
  for (const part of style.split(";")) {
    const colon = part.indexOf(":");
    if (colon > 0) declarations.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  let seen = 0;
  for (const property in diff) {
    if (++seen > PAGE_LIMITS.attributes) break;
    const value = diff[property];
    if (value === false || value === null) declarations.delete(property);
    else if (typeof value === "string") declarations.set(property, value);
    else if (Array.isArray(value) && typeof value[0] === "string") declarations.set(property, value[0]);
  }
  return clip([...declarations].map(([property, value]) => `${property}: ${value}`).join("; "));
}
