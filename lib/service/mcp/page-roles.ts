import { TANDEM_UI_CLASS } from "@/lib/contract/recording-marks";
import { childrenOf, type PageNode } from "./page-tree";
import type { Reading } from "./page-reading";

/**
 * What an element of the page copy is to an AI agent: its role, accessible name, value and state, as far
 * as the tree tells (no layout, no CSS-generated content), and whether it is masked or hidden. Every
 * value comes from the visitor's page: a name or value is always quoted, and a role or state is written
 * only when it is one this module knows, so nothing of the page can add a line or a ref of its own.
 */

export const SKIPPED = new Set(["head", "script", "style", "noscript", "template", "meta", "link", "title", "base"]);

/** The roles a page may give an element (WAI-ARIA 1.2, less none, presentation and generic). */
const KNOWN_ROLES = new Set(
  (
    "alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary " +
    "contentinfo definition deletion dialog directory document emphasis feed figure form grid gridcell group heading img insertion " +
    "link list listbox listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation note " +
    "option paragraph progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider " +
    "spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree " +
    "treegrid treeitem"
  ).split(" "),
);

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
  "menuitemcheckbox",
  "menuitemradio",
  "treeitem",
  "cell",
  "gridcell",
  "columnheader",
  "rowheader",
  "paragraph",
  "label",
  "status",
  "listitem",
  "alert",
  "tooltip",
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
  "menuitemcheckbox",
  "menuitemradio",
  "treeitem",
  "switch",
]);

/** The longest name or text the copy works out for one element: longer names are cut. */
export const NAME_MAX = 400;
export const BLOCK_TAG = /^(p|div|li|br|h\d|tr|section)$/;
export const FIELD_TAG = new Set(["input", "select", "textarea"]);

export const squash = (text: string) => text.replace(/\s+/g, " ").trim();
export const quote = (text: string, max = 200) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

const MASKED_CLASS = /(^|\s)no-cobrowse(\s|$)/;
const TANDEM_UI = new RegExp(`(^|\\s)${TANDEM_UI_CLASS}(\\s|$)`);

export function isMaskedNode(node: PageNode): boolean {
  // rrweb's blocked element: an empty box of the element's size, its content never sent.
  return "rr_width" in node.attributes || "rr_height" in node.attributes || MASKED_CLASS.test(node.attributes.class ?? "");
}

/** What the visitor script adds to the page itself (help bar, pointer, drawings): never part of a read. */
export const isTandemUi = (node: PageNode) => TANDEM_UI.test(node.attributes.class ?? "");

export function isHidden(node: PageNode): boolean {
  const { attributes } = node;
  if ("hidden" in attributes || attributes["aria-hidden"] === "true" || isTandemUi(node)) return true;
  if (node.tagName === "input" && attributes.type?.toLowerCase() === "hidden") return true;
  if (node.tagName === "dialog" && !("open" in attributes)) return true;
  return /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attributes.style ?? "");
}

export function roleOf(node: PageNode): string | null {
  const explicit = node.attributes.role
    ?.toLowerCase()
    .split(/\s+/)
    .find((role) => KNOWN_ROLES.has(role));
  if (explicit) return explicit;
  const tag = node.tagName ?? "";
  if (tag === "a") return "href" in node.attributes ? "link" : null;
  if (tag === "input") return INPUT_ROLE[node.attributes.type?.toLowerCase() ?? "text"] ?? "textbox";
  if (tag === "section" || tag === "aside") return node.attributes["aria-label"] || node.attributes["aria-labelledby"] ? "region" : null;
  return ROLE_OF_TAG[tag] ?? null;
}

export function isPassword(node: PageNode): boolean {
  return node.tagName === "input" && node.attributes.type?.toLowerCase() === "password";
}

/** The accessible name, as far as the tree tells (no CSS-generated content). */
export function nameOf(node: PageNode, role: string, reading: Reading): string {
  const { attributes } = node;
  if (attributes["aria-label"]) return squash(attributes["aria-label"]);
  if (attributes["aria-labelledby"]) {
    const named = attributes["aria-labelledby"]
      .split(/\s+/)
      .slice(0, 10)
      .map((id) => reading.byId.get(id))
      .filter((found): found is PageNode => !!found)
      .map((found) => reading.textOf(found));
    if (named.length) return squash(named.join(" ")).slice(0, NAME_MAX);
  }
  const tag = node.tagName;
  if (tag === "input" || tag === "select" || tag === "textarea") {
    const label = (attributes.id && reading.byFor.get(attributes.id)) || ancestorLabel(node);
    if (label) return squash(reading.labelText(label));
    const type = attributes.type?.toLowerCase();
    if (type === "submit" || type === "button" || type === "reset") return squash(attributes.value ?? "");
    return squash(attributes.placeholder ?? attributes.title ?? "");
  }
  if (tag === "img") return squash(attributes.alt ?? "");
  if (NAMED_BY_CONTENT.has(role)) return squash(reading.textOf(node));
  return squash(attributes.title ?? "");
}

function ancestorLabel(node: PageNode): PageNode | null {
  for (let up = node.parent; up; up = up.parent) if (up.tagName === "label") return up;
  return null;
}

export function valueOf(node: PageNode, reading: Reading): string | null {
  const tag = node.tagName;
  if (isPassword(node)) return "[masked]";
  if (tag === "input") {
    const type = node.attributes.type?.toLowerCase() ?? "text";
    if (type === "checkbox" || type === "radio") return null;
    if (["button", "submit", "reset", "image"].includes(type)) return null;
    return node.value ?? node.attributes.value ?? "";
  }
  if (tag === "textarea") return node.value ?? node.attributes.value ?? squash(reading.textOf(node));
  if (tag === "select") {
    const optionValue = (option: PageNode) => option.attributes.value ?? squash(reading.textOf(option));
    const selected =
      (node.value !== undefined ? findOption(node, (option) => optionValue(option) === node.value) : null) ??
      findOption(node, (option) => "selected" in option.attributes) ??
      findOption(node, () => true);
    return selected ? squash(reading.textOf(selected)) : (node.value ?? "");
  }
  return null;
}

/** The first option of a list (or of its groups) that passes `test`. */
export function findOption(select: PageNode, test: (option: PageNode) => boolean): PageNode | null {
  for (const child of childrenOf(select)) {
    if (child.tagName === "option" && test(child)) return child;
    if (child.tagName === "optgroup") for (const option of childrenOf(child)) if (option.tagName === "option" && test(option)) return option;
  }
  return null;
}

/** A link's address as the agent needs it: the path alone on the page's own site. */
function shortHref(href: string, pageUrl: string): string {
  try {
    const url = new URL(href, pageUrl);
    return pageUrl && url.origin === new URL(pageUrl).origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return href;
  }
}

/** The element's states, each written only from values this module knows. */
export function flags(node: PageNode, role: string, reading: Reading): string {
  const { attributes } = node;
  const parts: string[] = [];
  if (role === "heading") {
    const level = /^h[1-6]$/.test(node.tagName ?? "")
      ? node.tagName!.slice(1)
      : /^[1-9]$/.test(attributes["aria-level"] ?? "")
        ? attributes["aria-level"]
        : "2";
    parts.push(`[level=${level}]`);
  }
  if (role === "checkbox" || role === "radio" || role === "switch" || role === "menuitemcheckbox" || role === "menuitemradio") {
    const checked = node.checked ?? ("checked" in attributes || attributes["aria-checked"] === "true");
    if (checked) parts.push("[checked]");
  }
  if (attributes["aria-selected"] === "true") parts.push("[selected]");
  if (attributes["aria-pressed"] === "true") parts.push("[pressed]");
  if ("disabled" in attributes || attributes["aria-disabled"] === "true") parts.push("[disabled]");
  const expanded = attributes["aria-expanded"];
  if (expanded === "true" || expanded === "false") parts.push(`[expanded=${expanded}]`);
  if (role === "link" && attributes.href) parts.push(`[href=${quote(shortHref(attributes.href, reading.pageUrl))}]`);
  return parts.join(" ");
}
