import type { PageNode } from "./page-tree";

/**
 * What an element of the page copy is to an AI agent: its role, accessible name, value and state, as far
 * as the tree tells (no layout, no CSS-generated content), and whether it is masked or hidden.
 */

export const SKIPPED = new Set(["head", "script", "style", "noscript", "template", "meta", "link", "title", "base"]);

const ROLE_OF_TAG: Record<string, string> = {
  button: "button",
  select: "combobox",
  textarea: "textbox",
  option: "option",
  h1: "heading",
  h2: "heading",
  h3: "heading",
  h4: "heading",
  h5: "heading",
  h6: "heading",
  img: "img",
  ul: "list",
  ol: "list",
  li: "listitem",
  nav: "navigation",
  main: "main",
  header: "banner",
  footer: "contentinfo",
  form: "form",
  table: "table",
  tr: "row",
  td: "cell",
  th: "columnheader",
  dialog: "dialog",
  summary: "button",
  p: "paragraph",
  label: "label",
  iframe: "iframe",
};

const INPUT_ROLE: Record<string, string> = {
  checkbox: "checkbox",
  radio: "radio",
  button: "button",
  submit: "button",
  reset: "button",
  image: "button",
  search: "searchbox",
  range: "slider",
  number: "spinbutton",
};

/** Roles whose name is their text: their text is said once, on their line. */
export const NAMED_BY_CONTENT = new Set([
  "button",
  "link",
  "heading",
  "option",
  "tab",
  "menuitem",
  "cell",
  "columnheader",
  "paragraph",
  "label",
  "status",
  "listitem",
  "alert",
]);
/** Roles an agent can act on: click, type, select. */
export const ACTIONABLE = new Set([
  "button",
  "link",
  "textbox",
  "searchbox",
  "checkbox",
  "radio",
  "combobox",
  "option",
  "slider",
  "spinbutton",
  "tab",
  "menuitem",
  "switch",
]);

export const squash = (text: string) => text.replace(/\s+/g, " ").trim();
export const quote = (text: string, max = 200) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

export function isMaskedNode(node: PageNode): boolean {
  // rrweb's blocked element: an empty box of the element's size, its content never sent.
  return "rr_width" in node.attributes || "rr_height" in node.attributes || /(^|\s)no-cobrowse(\s|$)/.test(node.attributes.class ?? "");
}

export function isHidden(node: PageNode): boolean {
  const { attributes } = node;
  if ("hidden" in attributes || attributes["aria-hidden"] === "true") return true;
  if (node.tagName === "input" && attributes.type === "hidden") return true;
  if (node.tagName === "dialog" && !("open" in attributes)) return true;
  return /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attributes.style ?? "");
}

export function roleOf(node: PageNode): string | null {
  const explicit = node.attributes.role?.split(/\s+/)[0];
  if (explicit && explicit !== "presentation" && explicit !== "none" && explicit !== "generic") return explicit;
  const tag = node.tagName ?? "";
  if (tag === "a") return "href" in node.attributes ? "link" : null;
  if (tag === "input") return INPUT_ROLE[node.attributes.type?.toLowerCase() ?? "text"] ?? "textbox";
  if (tag === "section" || tag === "aside") return node.attributes["aria-label"] || node.attributes["aria-labelledby"] ? "region" : null;
  return ROLE_OF_TAG[tag] ?? null;
}

/** The text of a node and what is under it, masked parts said as [masked]. */
export function textOf(node: PageNode): string {
  if (node.text !== undefined) return node.type === 3 && node.parent && SKIPPED.has(node.parent.tagName ?? "") ? "" : node.text;
  if (isMaskedNode(node)) return " [masked] ";
  if (SKIPPED.has(node.tagName ?? "") || isHidden(node)) return "";
  if (node.tagName === "img") return node.attributes.alt ?? "";
  let text = "";
  for (const child of node.children) text += textOf(child);
  return node.tagName && /^(p|div|li|br|h\d|tr|section)$/.test(node.tagName) ? ` ${text} ` : text;
}

export function holdsField(node: PageNode): boolean {
  return node.children.some((child) => ["input", "select", "textarea"].includes(child.tagName ?? "") || isMaskedNode(child) || holdsField(child));
}

export function isPassword(node: PageNode): boolean {
  return node.tagName === "input" && node.attributes.type?.toLowerCase() === "password";
}

export interface Labels {
  byFor: Map<string, PageNode>;
  byId: Map<string, PageNode>;
}

export function collectLabels(root: PageNode): Labels {
  const labels: Labels = { byFor: new Map(), byId: new Map() };
  const walk = (node: PageNode) => {
    if (node.attributes.id) labels.byId.set(node.attributes.id, node);
    if (node.tagName === "label" && node.attributes.for) labels.byFor.set(node.attributes.for, node);
    for (const child of node.children) walk(child);
  };
  walk(root);
  return labels;
}

/** The accessible name, as far as the tree tells (no CSS-generated content). */
export function nameOf(node: PageNode, role: string, labels: Labels): string {
  const { attributes } = node;
  if (attributes["aria-label"]) return squash(attributes["aria-label"]);
  if (attributes["aria-labelledby"]) {
    const named = attributes["aria-labelledby"]
      .split(/\s+/)
      .map((id) => labels.byId.get(id))
      .filter((found): found is PageNode => !!found)
      .map((found) => textOf(found));
    if (named.length) return squash(named.join(" "));
  }
  const tag = node.tagName;
  if (tag === "input" || tag === "select" || tag === "textarea") {
    const label = (attributes.id && labels.byFor.get(attributes.id)) || ancestorLabel(node);
    if (label) return squash(textWithout(label, node));
    if (attributes.type === "submit" || attributes.type === "button") return attributes.value ?? "";
    return squash(attributes.placeholder ?? attributes.title ?? "");
  }
  if (tag === "img") return squash(attributes.alt ?? "");
  if (NAMED_BY_CONTENT.has(role)) return squash(textOf(node));
  return squash(attributes.title ?? "");
}

function ancestorLabel(node: PageNode): PageNode | null {
  for (let up = node.parent; up; up = up.parent) if (up.tagName === "label") return up;
  return null;
}

/** A label's text without the field inside it (nor that field's options). */
function textWithout(label: PageNode, field: PageNode): string {
  if (label === field) return "";
  if (label.text !== undefined) return label.text;
  if (label.tagName === "select" || label.tagName === "textarea") return "";
  return label.children.map((child) => textWithout(child, field)).join("");
}

export function valueOf(node: PageNode): string | null {
  const tag = node.tagName;
  if (isPassword(node)) return "[masked]";
  if (tag === "input") {
    const type = node.attributes.type?.toLowerCase() ?? "text";
    if (type === "checkbox" || type === "radio") return null;
    if (["button", "submit", "reset", "image"].includes(type)) return null;
    return node.value ?? node.attributes.value ?? "";
  }
  if (tag === "textarea") return node.value ?? node.attributes.value ?? squash(textOf(node));
  if (tag === "select") {
    const selected =
      (node.value !== undefined ? findOption(node, (option) => (option.attributes.value ?? squash(textOf(option))) === node.value) : null) ??
      findOption(node, (option) => "selected" in option.attributes) ??
      findOption(node, () => true);
    return selected ? squash(textOf(selected)) : (node.value ?? "");
  }
  return null;
}

export function findOption(select: PageNode, test: (option: PageNode) => boolean): PageNode | null {
  for (const child of select.children) {
    if (child.tagName === "option" && test(child)) return child;
    if (child.tagName === "optgroup") {
      const found = findOption(child, test);
      if (found) return found;
    }
  }
  return null;
}

export function flags(node: PageNode, role: string): string {
  const parts: string[] = [];
  if (role === "heading") parts.push(`[level=${node.tagName?.slice(1) || node.attributes["aria-level"] || "2"}]`);
  if (role === "checkbox" || role === "radio" || role === "switch") {
    const checked = node.checked ?? ("checked" in node.attributes || node.attributes["aria-checked"] === "true");
    if (checked) parts.push("[checked]");
  }
  if ("disabled" in node.attributes || node.attributes["aria-disabled"] === "true") parts.push("[disabled]");
  if (node.attributes["aria-expanded"]) parts.push(`[expanded=${node.attributes["aria-expanded"]}]`);
  if (role === "link" && node.attributes.href) parts.push(`[href=${node.attributes.href.slice(0, 200)}]`);
  return parts.join(" ");
}
