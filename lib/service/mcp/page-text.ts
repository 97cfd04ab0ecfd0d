import type { PageNode, PageTree } from "./page-tree";
import {
  ACTIONABLE,
  collectLabels,
  flags,
  holdsField,
  isHidden,
  isMaskedNode,
  nameOf,
  NAMED_BY_CONTENT,
  quote,
  roleOf,
  SKIPPED,
  squash,
  valueOf,
} from "./page-roles";

/**
 * The page as an AI agent reads it: one line per element that means something (its role, accessible
 * name, value and `ref`), indented by nesting, and the text between them. What the visitor script
 * masked shows as `[masked]`: a blocked element arrives as an empty box, a password as asterisks, and
 * neither is ever read further. Hidden parts (hidden, aria-hidden, inline display:none, closed
 * dialogs, head, scripts, styles) are left out.
 */

/** The lines of each tree as of its version: a read after an action, or several agents' reads, cost one walk. */
const written = new WeakMap<PageTree, { version: number; lines: string[] }>();

/** The lines of the page, in document order. */
export function pageLines(tree: PageTree): string[] {
  const known = written.get(tree);
  if (known?.version === tree.version) return known.lines;
  const lines = writeLines(tree);
  written.set(tree, { version: tree.version, lines });
  return lines;
}

function writeLines(tree: PageTree): string[] {
  const lines: string[] = [];
  if (!tree.root) return lines;
  const labels = collectLabels(tree.root);
  const walk = (node: PageNode, depth: number, named: boolean) => {
    if (node.type === 3) {
      if (named) return;
      const text = squash(node.text ?? "");
      if (text && !SKIPPED.has(node.parent?.tagName ?? "")) lines.push(`${"  ".repeat(depth)}- text ${quote(text)}`);
      return;
    }
    if (node.type !== 0 && node.type !== 2) return;
    if (node.type === 2) {
      if (SKIPPED.has(node.tagName ?? "") || isHidden(node)) return;
      if (isMaskedNode(node)) {
        const field = ["input", "select", "textarea"].includes(node.tagName ?? "") ? nameOf(node, "textbox", labels) : "";
        lines.push(`${"  ".repeat(depth)}- [masked]${field ? ` ${quote(field)}` : ""} [ref=${node.id}]`);
        return;
      }
    }
    const role = node.type === 2 ? roleOf(node) : null;
    if (role === "label" && holdsField(node)) {
      // Its text is the field's name, said on the field's line.
      for (const child of node.children) walk(child, depth, true);
      return;
    }
    let childDepth = depth;
    let childNamed = named;
    if (role && !(named && !ACTIONABLE.has(role))) {
      const name = nameOf(node, role, labels);
      const value = valueOf(node);
      const extra = flags(node, role);
      lines.push(
        `${"  ".repeat(depth)}- ${role}${name ? ` ${quote(name)}` : ""}${extra ? ` ${extra}` : ""} [ref=${node.id}]${value !== null ? `: ${quote(value)}` : ""}`,
      );
      childDepth = depth + 1;
      childNamed = named || NAMED_BY_CONTENT.has(role) || role === "combobox" || role === "textbox";
    }
    for (const child of node.children) walk(child, childDepth, childNamed);
  };
  walk(tree.root, 0, false);
  return lines;
}

export function pageTitle(tree: PageTree): string {
  const find = (node: PageNode): PageNode | null => {
    if (node.tagName === "title") return node;
    if (node.tagName === "body") return null;
    for (const child of node.children) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  const title = tree.root ? find(tree.root) : null;
  return title ? squash(title.children.map((child) => child.text ?? "").join("")) : "";
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
export function readPage(tree: PageTree, cursor = 0, maxChars = 20_000): PageRead {
  const lines = pageLines(tree);
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
    version: tree.version,
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
