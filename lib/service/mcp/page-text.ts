import { childrenOf, type PageNode, type PageTree } from "./page-tree";
import { Reading } from "./page-reading";
import { flags, nameOf, valueOf } from "./page-names";
import { ACTIONABLE, isHidden, isMaskedNode, NAMED_BY_CONTENT, quote, roleOf, SKIPPED, squash } from "./page-roles";
import { READ_BUDGET_MS, runSliced } from "./sliced-work";

/**
 * The page as an AI agent reads it: one line per element that means something (its role, accessible
 * name, value and `ref`), indented by nesting, and the text between them. What the visitor script
 * masked shows as `[masked]`: a blocked element arrives as an empty box, a password as asterisks, and
 * neither is ever read further. Hidden parts (hidden, aria-hidden, inline display:none, closed
 * dialogs, head, scripts, styles) and Tandem's own elements are left out.
 */

/** Indentation stops growing here: a page nested 250 deep costs no more per line than one nested 20. */
const MAX_INDENT = 20;
const indent = (depth: number) => "  ".repeat(Math.min(depth, MAX_INDENT));

/** The lines of each tree as of its version: a read after an action, or several agents' reads, cost one walk. */
const written = new WeakMap<PageTree, { version: number; lines: Promise<string[]> }>();

/**
 * The lines of the page, in document order: worked out a slice at a time (other requests go between
 * slices), once per version of the page, within READ_BUDGET_MS of work (else `payload_too_large`).
 */
export function pageLines(tree: PageTree): Promise<string[]> {
  const known = written.get(tree);
  if (known?.version === tree.version) return known.lines;
  const lines = runSliced(writeLines(tree), READ_BUDGET_MS);
  written.set(tree, { version: tree.version, lines });
  lines.catch(() => written.get(tree)?.lines === lines && written.delete(tree));
  return lines;
}

/** The nodes still to write, with their depth and whether an ancestor's line says their text: three stacks, no object a node. */
class Frames {
  readonly nodes: PageNode[] = [];
  readonly depths: number[] = [];
  readonly named: boolean[] = [];

  /** Queues a node's children to be written next, first child on top. */
  pushChildren(node: PageNode, depth: number, named: boolean): void {
    for (let child = node.last; child; child = child.previous) {
      this.nodes.push(child);
      this.depths.push(depth);
      this.named.push(named);
    }
  }
}

function* writeLines(tree: PageTree): Generator<void, string[]> {
  const lines: string[] = [];
  if (!tree.root) return lines;
  const reading = new Reading(tree.url);
  yield* reading.prepare(tree.root);
  const stack = new Frames();
  stack.nodes.push(tree.root);
  stack.depths.push(0);
  stack.named.push(false);
  let count = 0;
  while (stack.nodes.length) {
    if (++count % 64 === 0) yield;
    const node = stack.nodes.pop()!;
    const depth = stack.depths.pop()!;
    const named = stack.named.pop()!;
    if (node.type === 3) {
      if (named) continue;
      const text = squash(node.text ?? "");
      if (text && !SKIPPED.has(node.parent?.tagName ?? "")) lines.push(`${indent(depth)}- text ${quote(text)}`);
      continue;
    }
    if (node.type !== 0 && node.type !== 2) continue;
    if (node.type === 2) {
      if (SKIPPED.has(node.tagName ?? "") || isHidden(node)) continue;
      if (isMaskedNode(node)) {
        const field = ["input", "select", "textarea"].includes(node.tagName ?? "") ? nameOf(node, "textbox", reading) : "";
        lines.push(`${indent(depth)}- [masked]${field ? ` ${quote(field)}` : ""} [ref=${node.id}]`);
        continue;
      }
    }
    const role = node.type === 2 ? roleOf(node) : null;
    if (role === "label" && reading.holdsField(node)) {
      // Its text is the field's name, said on the field's line.
      stack.pushChildren(node, depth, true);
      continue;
    }
    if (role && !(named && !ACTIONABLE.has(role))) {
      const name = nameOf(node, role, reading);
      const value = valueOf(node, reading);
      const extra = flags(node, role, reading);
      lines.push(
        `${indent(depth)}- ${role}${name ? ` ${quote(name)}` : ""}${extra ? ` ${extra}` : ""} [ref=${node.id}]${value !== null ? `: ${quote(value)}` : ""}`,
      );
      stack.pushChildren(node, depth + 1, named || NAMED_BY_CONTENT.has(role) || role === "combobox" || role === "textbox");
    } else stack.pushChildren(node, depth, named);
  }
  return lines;
}

export function pageTitle(tree: PageTree): string {
  const html = tree.root && [...childrenOf(tree.root)].find((node) => node.tagName === "html");
  const head = html && [...childrenOf(html)].find((node) => node.tagName === "head");
  const title = head && [...childrenOf(head)].find((node) => node.tagName === "title");
  return title ? squash([...childrenOf(title)].map((child) => child.text ?? "").join("")).slice(0, 500) : "";
}

export interface PageRead {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  scroll: { x: number; y: number };
  version: number;
  tree: string;
  /** Pass as `cursor` to read the lines after these; null once the page is read to its end. */
  next_cursor: number | null;
  total_lines: number;
}

/** One page of the page's lines, at most `maxChars` long, from line `cursor`. */
export async function readPage(tree: PageTree, cursor = 0, maxChars = 20_000): Promise<PageRead> {
  const version = tree.version;
  const lines = await pageLines(tree);
  const taken: string[] = [];
  let size = 0;
  let index = cursor;
  for (; index < lines.length; index++) {
    if (size + lines[index].length + 1 > maxChars && taken.length) break;
    taken.push(lines[index]);
    size += lines[index].length + 1;
  }
  return {
    url: tree.url,
    title: pageTitle(tree),
    viewport: tree.viewport,
    scroll: tree.scroll,
    version,
    tree: taken.join("\n"),
    next_cursor: index < lines.length ? index : null,
    total_lines: lines.length,
  };
}

/** What changed between two readings of the lines: those that left and those that came. */
export function diffLines(before: string[], after: string[], max = 40): { added: string[]; removed: string[] } {
  const had = new Set(before.map((line) => line.trim()));
  const has = new Set(after.map((line) => line.trim()));
  return {
    added: [...has].filter((line) => !had.has(line)).slice(0, max),
    removed: [...had].filter((line) => !has.has(line)).slice(0, max),
  };
}
