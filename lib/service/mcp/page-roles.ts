import { TANDEM_UI_CLASS } from "@/lib/contract/recording-marks";
import type { PageNode } from "./page-tree";

/**
 * What an element of the page copy is to an AI agent: its role, as far as the tree tells (no layout, no
 * CSS-generated content), and whether it is masked or hidden (its name, value and state: page-names.ts). Every
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
