import { BLOCK_TAG, FIELD_TAG, isHidden, isMaskedNode, isTandemUi, NAME_MAX, SKIPPED } from "./page-roles";
import { childrenOf, type PageNode } from "./page-tree";

/**
 * What one reading of the page works out once, whatever asks for it again: elements by id, labels by
 * their `for`, and each element's text and label text (cut at NAME_MAX). Every element's text is worked
 * out at most once a reading, so names that point at a large element (`aria-labelledby`) cost it once.
 */
export class Reading {
  readonly byId = new Map<string, PageNode>();
  readonly byFor = new Map<string, PageNode>();
  private readonly texts = new Map<PageNode, string>();
  private readonly labelTexts = new Map<PageNode, string>();
  private readonly fields = new Map<PageNode, boolean>();

  constructor(readonly pageUrl: string) {}

  /** Collects ids and labels: call with each element of the page, in document order. */
  note(node: PageNode): void {
    const id = node.attributes.id;
    if (id && !this.byId.has(id)) this.byId.set(id, node);
    if (node.tagName === "label" && node.attributes.for && !this.byFor.has(node.attributes.for)) this.byFor.set(node.attributes.for, node);
  }

  /** The text of a node and what is under it, masked parts said as [masked]. */
  textOf(node: PageNode): string {
    return bottomUp(node, this.texts, ownText, (parent, parts) => (BLOCK_TAG.test(parent.tagName ?? "") ? ` ${parts} ` : parts));
  }

  /** A label's text without the fields inside it (nor their options). */
  labelText(label: PageNode): string {
    return bottomUp(
      label,
      this.labelTexts,
      (node) => (FIELD_TAG.has(node.tagName ?? "") || isMaskedNode(node) ? "" : ownText(node)),
      (_, parts) => parts,
    );
  }

  /** Whether a field (or a masked box) is inside `node`. */
  holdsField(node: PageNode): boolean {
    const stack = [node];
    const order: PageNode[] = [];
    while (stack.length) {
      const next = stack.pop()!;
      if (this.fields.has(next)) continue;
      order.push(next);
      for (const child of childrenOf(next)) stack.push(child);
    }
    for (let index = order.length - 1; index >= 0; index--) {
      const current = order[index];
      let holds = false;
      for (const child of childrenOf(current)) if (FIELD_TAG.has(child.tagName ?? "") || isMaskedNode(child) || this.fields.get(child)) holds = true;
      this.fields.set(current, holds);
    }
    return this.fields.get(node)!;
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

/**
 * A value of `root` made of its children's (each worked out once, kept in `memo`), with a loop rather
 * than recursion; the joined parts are cut at NAME_MAX.
 */
function bottomUp(
  root: PageNode,
  memo: Map<PageNode, string>,
  leaf: (node: PageNode) => string | undefined,
  wrap: (node: PageNode, parts: string) => string,
): string {
  const known = memo.get(root);
  if (known !== undefined) return known;
  const stack: [PageNode, boolean][] = [[root, false]];
  while (stack.length) {
    const [node, childrenDone] = stack.pop()!;
    if (memo.has(node)) continue;
    const own = leaf(node);
    if (own !== undefined) {
      memo.set(node, own.slice(0, NAME_MAX));
      continue;
    }
    if (!childrenDone) {
      stack.push([node, true]);
      for (const child of childrenOf(node)) if (!memo.has(child)) stack.push([child, false]);
      continue;
    }
    let parts = "";
    for (const child of childrenOf(node)) {
      if (parts.length >= NAME_MAX) break;
      parts += memo.get(child) ?? "";
    }
    memo.set(node, wrap(node, parts).slice(0, NAME_MAX));
  }
  return memo.get(root)!;
}
