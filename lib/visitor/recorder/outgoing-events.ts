import type { RecordedEvent } from "@/lib/contract";
import { UNAVAILABLE_FRAME_ATTRIBUTE } from "@/lib/contract/recording-marks";
import { isMasked, maskValue } from "./masking";
import { ADOPTED_STYLE_SHEET, ELEMENT_NODE, FULL_SNAPSHOT, INCREMENTAL, META, MUTATION, STYLE_SHEET_RULE, TEXT_NODE } from "./rrweb-numbers";

/**
 * The last look at each rrweb event before it leaves the browser. rrweb blocks masked elements' content,
 * but still serialises some attributes that can carry their text, and an iframe's `srcdoc` (a whole
 * document's HTML, masked content included) verbatim. Here:
 * - `srcdoc` never leaves: a same-origin iframe's document is recorded node by node (and masked) instead;
 * - on masked elements and their descendants, `value` is masked and the other attributes that carry
 *   text (`placeholder`, `title`, `alt`, `aria-*`, `data-*`) are dropped, in snapshots and in mutations;
 * - the page's address in Meta events, and a cross-origin frame's (`rr_src`), follow the team's URL redaction;
 * - a cross-origin frame that did not join this page's visitor is marked, so the agent sees a labelled
 *   placeholder of its size rather than a blank;
 * - stylesheets' font addresses become the fonts' `data:` URLs where the font inliner holds them;
 * - an SVG `<use>` that references this page's own sprite through the page's address (`/shop#icon`, as
 *   pages with a `<base>` write them) references it in the document (`#icon`): the mirror's document is
 *   not at that address, and a `<use>` of another document's icon draws nothing.
 */

/** Attributes that can carry an element's text; `data-rr-*` are rrweb's own markers. */
const TEXT_ATTRIBUTE = /^(value|placeholder|title|alt|aria-.+|data-(?!rr-).+)$/i;

export interface OutgoingContext {
  /** The live node behind an rrweb id. */
  nodeOf: (id: number) => Node | null;
  maskSelector: string;
  redactUrl: (url: string) => string;
  /** A stylesheet's text as it may leave (fonts inlined); `live` is true for changes after the snapshot. */
  rewriteCss?: (css: string, live: boolean) => string;
  /** A cross-origin frame whose own script joined this page's visitor (its recording comes in). */
  isJoinedFrame?: (iframe: HTMLIFrameElement) => boolean;
}

interface SerializedNode {
  type: number;
  id: number;
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
  textContent?: string;
  isStyle?: boolean;
}

interface MutationData {
  source: number;
  adds?: Array<{ node: SerializedNode }>;
  attributes?: Array<{ id: number; attributes: Record<string, unknown> }>;
  texts?: Array<{ id: number; value: string | null }>;
}

interface StyleRuleData {
  adds?: Array<{ rule: string }>;
  styles?: Array<{ rules?: Array<{ rule: string }> }>;
}

function maskedNode(id: number, context: OutgoingContext): boolean {
  const node = context.nodeOf(id);
  return node?.nodeType === Node.ELEMENT_NODE && isMasked(node as Element, context.maskSelector);
}

/** `#icon` for a reference to an element of this page through its address; else the reference as it was. */
export function inDocumentReference(value: string, base = document.baseURI, page = location.href): string {
  const hash = value.indexOf("#");
  if (hash < 0) return value;
  try {
    const target = new URL(value.slice(0, hash), base);
    const here = new URL(page);
    return target.origin === here.origin && target.pathname === here.pathname && target.search === here.search ? value.slice(hash) : value;
  } catch {
    return value;
  }
}

/** Attributes as they may leave: no srcdoc, nothing of a masked element's text, fonts inlined, sprite references in the document. */
function scrubAttributes(attributes: Record<string, unknown>, masked: boolean, context: OutgoingContext, live: boolean, tagName?: string): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (tagName === "use" && (name === "href" || name === "xlink:href") && typeof value === "string") attributes[name] = inDocumentReference(value);
    if (name === "_cssText" && typeof value === "string" && context.rewriteCss) attributes[name] = context.rewriteCss(value, live);
    const lower = name.toLowerCase();
    const masking = masked && TEXT_ATTRIBUTE.test(name);
    // A masked field's value keeps its length as asterisks, as rrweb masks a password's.
    if (masking && lower === "value" && typeof value === "string") attributes[name] = maskValue(value);
    else if (lower === "srcdoc" || masking) delete attributes[name];
  }
}

/** A frame of another origin whose content this page cannot record, and which records none into it. */
function unrecordedFrame(id: number, context: OutgoingContext): boolean {
  const node = context.nodeOf(id);
  if (node?.nodeName !== "IFRAME") return false;
  const iframe = node as HTMLIFrameElement;
  return iframe.contentDocument === null && !context.isJoinedFrame?.(iframe);
}

function scrubTree(node: SerializedNode, context: OutgoingContext, insideMasked: boolean, live: boolean): void {
  const masked = insideMasked || (node.type === ELEMENT_NODE && maskedNode(node.id, context));
  if (node.attributes) scrubAttributes(node.attributes, masked, context, live, node.tagName);
  if (node.attributes && node.tagName === "iframe") {
    if (typeof node.attributes.rr_src === "string") node.attributes.rr_src = context.redactUrl(node.attributes.rr_src);
    if (!masked && unrecordedFrame(node.id, context)) node.attributes[UNAVAILABLE_FRAME_ATTRIBUTE] = "";
  }
  if (node.type === TEXT_NODE && node.isStyle && node.textContent && context.rewriteCss) node.textContent = context.rewriteCss(node.textContent, live);
  for (const child of node.childNodes ?? []) scrubTree(child, context, masked, live);
}

/** A changed text is a stylesheet's when its node sits in a <style>. */
function isStyleText(id: number, context: OutgoingContext): boolean {
  return context.nodeOf(id)?.parentNode?.nodeName === "STYLE";
}

/** Rewrites the event in place (rrweb hands each event over once) and returns it. */
export function outgoingEvent(event: RecordedEvent, context: OutgoingContext): RecordedEvent {
  const data = event.data as Record<string, unknown> | undefined;
  if (!data) return event;
  if (event.type === META && typeof data.href === "string") data.href = context.redactUrl(data.href);
  if (event.type === FULL_SNAPSHOT) scrubTree(data.node as SerializedNode, context, false, false);
  if (event.type === INCREMENTAL && data.source === MUTATION) {
    const mutation = data as unknown as MutationData;
    for (const added of mutation.adds ?? []) scrubTree(added.node, context, false, true);
    for (const changed of mutation.attributes ?? [])
      scrubAttributes(changed.attributes, maskedNode(changed.id, context), context, true, context.nodeOf(changed.id)?.nodeName.toLowerCase());
    if (context.rewriteCss) {
      for (const text of mutation.texts ?? []) if (text.value && isStyleText(text.id, context)) text.value = context.rewriteCss(text.value, true);
    }
  }
  if (event.type === INCREMENTAL && (data.source === STYLE_SHEET_RULE || data.source === ADOPTED_STYLE_SHEET) && context.rewriteCss) {
    const rules = data as StyleRuleData;
    for (const added of [...(rules.adds ?? []), ...(rules.styles ?? []).flatMap((style) => style.rules ?? [])])
      added.rule = context.rewriteCss(added.rule, true);
  }
  return event;
}
