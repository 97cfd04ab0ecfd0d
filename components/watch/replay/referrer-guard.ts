import type { RecordedEvent } from "@/lib/contract";

/**
 * The mirror replays a visitor's page inside the watch page. The page's own referrer policy
 * (`<meta name="referrer">`, `referrerpolicy` attributes) would otherwise apply there and let every
 * image or stylesheet it loads tell its host the watch page's address. Removing them leaves the
 * mirror under the watch page's own policy, `no-referrer`.
 */

// rrweb's serialized node and event kinds (rrweb-snapshot NodeType, rrweb EventType / IncrementalSource).
const ELEMENT_NODE = 2;
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;

type Attributes = Record<string, unknown>;
interface SerializedNode {
  type: number;
  tagName?: string;
  attributes?: Attributes;
  childNodes?: SerializedNode[];
}

const META_REFERRER = /<meta\b[^>]*\bname\s*=\s*["']?referrer\b[^>]*>/gi;
const REFERRER_POLICY_ATTRIBUTE = /\breferrerpolicy\s*=/gi;

/** Attributes without a referrer policy: `name="referrer"` is made inert, `referrerpolicy` dropped, srcdoc documents cleaned. */
function guardAttributes(attributes: Attributes, removed: null | undefined): Attributes {
  const guarded: Attributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    const lower = name.toLowerCase();
    if (lower === "referrerpolicy") {
      if (removed === null) guarded[name] = null;
    } else if (lower === "name" && typeof value === "string" && value.trim().toLowerCase() === "referrer") {
      guarded[name] = "tandem-ignored-referrer";
    } else if (lower === "srcdoc" && typeof value === "string") {
      guarded[name] = value.replace(META_REFERRER, "").replace(REFERRER_POLICY_ATTRIBUTE, "data-ignored-referrerpolicy=");
    } else {
      guarded[name] = value;
    }
  }
  return guarded;
}

function guardNode(node: SerializedNode): SerializedNode {
  const guarded = { ...node };
  if (node.type === ELEMENT_NODE && node.attributes) guarded.attributes = guardAttributes(node.attributes, undefined);
  if (node.childNodes) guarded.childNodes = node.childNodes.map(guardNode);
  return guarded;
}

/** One event as the mirror may replay it: snapshots and mutations with every referrer policy removed. */
export function withoutReferrerPolicies(event: RecordedEvent): RecordedEvent {
  const data = event.data as Record<string, unknown> | undefined;
  if (!data) return event;
  if (event.type === FULL_SNAPSHOT && data.node) return { ...event, data: { ...data, node: guardNode(data.node as SerializedNode) } };
  if (event.type !== INCREMENTAL || data.source !== MUTATION) return event;
  const adds = (data.adds as { node: SerializedNode }[] | undefined)?.map((add) => ({ ...add, node: guardNode(add.node) }));
  // A changed attribute set to null is removed; a `referrerpolicy` set later is removed instead of set.
  const attributes = (data.attributes as { attributes: Attributes }[] | undefined)?.map((change) => ({
    ...change,
    attributes: guardAttributes(change.attributes, null),
  }));
  return { ...event, data: { ...data, ...(adds && { adds }), ...(attributes && { attributes }) } };
}
