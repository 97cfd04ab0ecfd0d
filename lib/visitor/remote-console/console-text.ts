import { blockSelector, BLOCK_CLASS } from "../recorder/masking";

/**
 * How the remote console writes the page's values as text, without what masking hides: an element is
 * described by its tag, id and classes (never its value or text), every value of the page's fields and
 * every text of its masked elements is replaced by `[redacted]` wherever it appears (escaped or encoded
 * too), and URLs go through the team's URL redaction.
 */

/** Values shorter than this are not looked for: "1" or "no" would redact half of every message. */
export const MIN_SECRET_LENGTH = 3;
export const REDACTED = "[redacted]";
/** Of an object or array: how deep and how many values in all are written. */
const MAX_DEPTH = 4;
const MAX_VALUES = 200;

/** Inputs whose value is a fixed label of the page, not something the visitor typed. */
const LABEL_INPUTS = new Set(["button", "submit", "reset", "image", "checkbox", "radio", "file"]);

function isNode(value: object): value is Node {
  return typeof (value as Node).nodeType === "number" && typeof (value as Node).nodeName === "string";
}

export function describeNode(node: Node): string {
  if (node.nodeType !== 1) return node.nodeName.toLowerCase(); // #text, #document, #comment…
  const element = node as Element;
  const id = element.id ? `#${element.id}` : "";
  const classes = typeof element.className === "string" && element.className.trim() ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
  return `<${element.tagName.toLowerCase()}${id}${classes}>`;
}

function errorText(error: Error): string {
  return `${error.name || "Error"}: ${error.message}`;
}

/** One argument as text: strings as they are, the rest much as a browser's console writes them. */
export function describeValue(value: unknown): string {
  const budget = { left: MAX_VALUES };
  const seen = new Set<object>();
  const show = (item: unknown, depth: number): string => {
    if (--budget.left < 0) return "…";
    if (typeof item === "string") return depth === 0 ? item : JSON.stringify(item);
    if (typeof item === "function") return `ƒ ${item.name || "anonymous"}()`;
    if (item === null || typeof item !== "object") return String(item);
    if (isNode(item)) return describeNode(item);
    if (item instanceof Error) return item.stack && item.stack.includes(item.message) ? item.stack : errorText(item);
    if (seen.has(item)) return "[Circular]";
    if (depth >= MAX_DEPTH) return Array.isArray(item) ? "[…]" : "{…}";
    seen.add(item);
    try {
      // Within what is left of the budget: a huge array or object ends with "…".
      const room = Math.max(0, budget.left);
      const more = (total: number) => (total > room ? ", …" : "");
      if (Array.isArray(item))
        return `[${item
          .slice(0, room)
          .map((entry) => show(entry, depth + 1))
          .join(", ")}${more(item.length)}]`;
      const keys = Object.keys(item);
      const entries = keys.slice(0, room).map((key) => {
        let entry: unknown;
        try {
          entry = (item as Record<string, unknown>)[key];
        } catch {
          entry = "[unreadable]";
        }
        return `${key}: ${show(entry, depth + 1)}`;
      });
      return `{${entries.join(", ")}${more(keys.length)}}`;
    } finally {
      seen.delete(item);
    }
  };
  try {
    return show(value, 0);
  } catch {
    return "[unreadable]";
  }
}

/** A console call's arguments as one line, with the format directives of its first argument applied. */
export function formatArguments(args: unknown[]): string {
  const rest = [...args];
  let head = "";
  if (typeof rest[0] === "string" && rest.length > 1) {
    head = (rest.shift() as string).replace(/%([sdifoOc%])/g, (directive, letter: string) => {
      if (letter === "%") return "%";
      if (!rest.length) return directive;
      const value = rest.shift();
      if (letter === "c") return ""; // styling
      if (letter === "d" || letter === "i") return String(parseInt(String(value), 10));
      if (letter === "f") return String(parseFloat(String(value)));
      return describeValue(value);
    });
    return [head, ...rest.map(describeValue)].join(" ");
  }
  return rest.map(describeValue).join(" ");
}

/** What masking keeps on the page right now: its fields' values and its masked elements' texts. */
export function secretsOnPage(maskingSelectors: string[]): string[] {
  const found = new Set<string>();
  const add = (text: string | null | undefined) => {
    const trimmed = text?.trim();
    if (trimmed && trimmed.length >= MIN_SECRET_LENGTH) found.add(trimmed);
  };
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (field.tagName === "INPUT" && LABEL_INPUTS.has((field as HTMLInputElement).type)) continue;
    add(field.value);
    if (field.tagName === "SELECT") for (const option of (field as HTMLSelectElement).selectedOptions) add(option.text);
  }
  for (const masked of document.querySelectorAll(`.${BLOCK_CLASS}, ${blockSelector(maskingSelectors)}`)) {
    // Tandem's own bar and dialogs are masked too, but hold nothing of the page ("Stop" is no secret).
    if (masked.getAttributeNames().some((name) => name.startsWith("data-tandem-"))) continue;
    add(masked.textContent);
    const texts = document.createTreeWalker(masked, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) add(node.nodeValue);
  }
  // Longest first, so a value that holds a shorter one is replaced whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * Each secret as it may be written in a message: as it is, escaped inside a JSON string (a logged
 * object, `JSON.stringify`), and percent-encoded (a query string, a form body), longest first.
 */
export function secretForms(secrets: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    const encoded = encodeURIComponent(secret);
    for (const form of [secret, JSON.stringify(secret).slice(1, -1), encoded, encoded.split("%20").join("+")]) forms.add(form);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  return result;
}

const ABSOLUTE_URL = /\b(?:https?|wss?):\/\/[^\s"'<>`]+/g;
/** A path with a query string, not inside an absolute URL (after a host, a port or another path). */
const PATH_WITH_QUERY = /(?<![\w.:/%-])\/[^\s"'<>`?]*\?[^\s"'<>`]+/g;

function splitFrameTail(match: string): [string, string] {
  const tail = /(?::\d+){1,2}\)?$|\)$/.exec(match)?.[0] ?? "";
  return [match.slice(0, match.length - tail.length), tail];
}

/**
 * The team's URL redaction over every URL-looking part of a text (a message, a stack): absolute URLs,
 * and paths with a query string, read against the page's address and written back as they were.
 */
export function redactUrlsIn(text: string, redactUrl: (url: string) => string, base: string): string {
  const redacted = (match: string) => {
    // A stack frame's line and column (and its closing parenthesis) are not the URL's.
    const [url, tail] = splitFrameTail(match);
    try {
      return redactUrl(new URL(url, base).href) + tail;
    } catch {
      return match;
    }
  };
  const origin = new URL(base).origin;
  return text.replace(ABSOLUTE_URL, redacted).replace(PATH_WITH_QUERY, (path) => {
    const absolute = redacted(path);
    return absolute.startsWith(`${origin}/`) ? absolute.slice(origin.length) : absolute;
  });
}

/** Cuts text to `max` characters, marking the cut. */
export function capped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
