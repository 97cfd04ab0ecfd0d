import { BLOCK_TAG, FIELD_TAG, isHidden, isMaskedNode, isTandemUi, NAME_MAX, SKIPPED } from "./page-roles";
import type { PageNode } from "./page-tree";

/** Nodes worked out between two yields of `prepare`. */
const STEP = 256;

/**
 * What one reading of the page works out once, before any line is written, in one walk that yields as
 * it goes: elements by id, labels by their `for`, and for every node its text and its text as a label
 * (each cut at NAME_MAX) and whether a field is inside it. A name that points at a large element
 * (`aria-labelledby`) is then a lookup, however many elements point at it.
 */
export class Reading {
  readonly byId = new Map<string, PageNode>();
  readonly byFor = new Map<string, PageNode>();
  private readonly texts = new Map<PageNode, string>();
  private readonly labelTexts = new Map<PageNode, string>();
  private readonly fields = new Set<PageNode>();
  /** Labels and what is inside them: the only nodes whose text as a label is needed. */
  private readonly inLabels = new Set<PageNode>();

  constructor(readonly pageUrl: string) {}

  /** Walks the page under `root` once, in document order, then bottom up. */
  *prepare(root: PageNode): Generator<void> {
    const order: PageNode[] = [];
    const stack = [root];
    while (stack.length) {
      const node = stack.pop()!;
      order.push(node);
      this.note(node);
      if (node.tagName === "label" || (node.parent && this.inLabels.has(node.parent))) this.inLabels.add(node);
      for (let child = node.last; child; child = child.previous) stack.push(child);
      if (order.length % STEP === 0) yield;
    }
    for (let index = order.length - 1; index >= 0; index--) {
      if (order[index].text === undefined) this.workOut(order[index]);
      if (index % STEP === 0) yield;
    }
  }

  private note(node: PageNode): void {
    const id = node.attributes.id;
    if (id && !this.byId.has(id)) this.byId.set(id, node);
    if (node.tagName === "label" && node.attributes.for && !this.byFor.has(node.attributes.for)) this.byFor.set(node.attributes.for, node);
  }

  /** A node's values from its children's (already worked out). */
  private workOut(node: PageNode): void {
    const own = ownText(node);
    const field = FIELD_TAG.has(node.tagName ?? "") || isMaskedNode(node);
    const labelled = this.inLabels.has(node);
    let text = own ?? "";
    let label = field ? "" : (own ?? "");
    for (let child = node.first; child; child = child.next) {
      if (own === undefined && text.length < NAME_MAX) text += this.textOf(child);
      if (labelled && own === undefined && !field && label.length < NAME_MAX) label += this.labelText(child);
      if (FIELD_TAG.has(child.tagName ?? "") || isMaskedNode(child) || this.fields.has(child)) this.fields.add(node);
    }
    if (own === undefined && BLOCK_TAG.test(node.tagName ?? "")) text = ` ${text} `;
    if (text) this.texts.set(node, text.length > NAME_MAX ? text.slice(0, NAME_MAX) : text);
    if (labelled && label) this.labelTexts.set(node, label.length > NAME_MAX ? label.slice(0, NAME_MAX) : label);
  }

  /** The text of a node and what is under it, masked parts said as [masked]. */
  textOf(node: PageNode): string {
    return node.text !== undefined ? (ownText(node) ?? "").slice(0, NAME_MAX) : (this.texts.get(node) ?? "");
  }

  /** A label's text without the fields inside it (nor their options). */
  labelText(label: PageNode): string {
    return label.text !== undefined ? this.textOf(label) : (this.labelTexts.get(label) ?? "");
  }

  /** Whether a field (or a masked box) is inside `node`. */
  holdsField(node: PageNode): boolean {
    return this.fields.has(node);
  }
}

/** A leaf's text, or undefined for an element whose text is its children's. */
function ownText(node: PageNode): string | undefined {
  if (node.text !== undefined) return node.type === 3 && node.parent && SKIPPED.has(node.parent.tagName ?? "") ? "" : node.text;
  if (isTandemUi(node)) return "";
  if (isMaskedNode(node)) return " [masked] ";
  if (SKIPPED.has(node.tagName ?? "") || isHidden(node)) return "";
  if (node.tagName === "img") return node.attributes.alt ?? "";
  return undefined;
}
