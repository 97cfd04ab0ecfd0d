import { isPassword, NAME_MAX, NAMED_BY_CONTENT, quote, squash } from "./page-roles";
import type { Reading } from "./page-reading";
import { childrenOf, type PageNode } from "./page-tree";

/**
 * What a line of the page copy says of a node besides its role (page-roles.ts): its accessible name, its
 * value and its states, worked out with what one reading of the page knows (page-reading.ts).
 */

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
