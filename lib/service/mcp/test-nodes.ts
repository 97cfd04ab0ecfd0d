// Test helper (not runtime code): rrweb's serialised nodes and events, with the ids a test chooses.

export interface SerializedNode {
  type: number;
  id: number;
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
  textContent?: string;
}

export const element = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: SerializedNode[] = []): SerializedNode => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
});
export const textNode = (id: number, textContent: string): SerializedNode => ({ type: 3, id, textContent });

/** An incremental mutation event (rrweb's source 0) with what `data` gives, the rest empty. */
export const mutationEvent = (data: Record<string, unknown>) => ({
  type: 3,
  timestamp: Date.now(),
  data: { source: 0, texts: [], attributes: [], removes: [], adds: [], ...data },
});

/** Meta and full snapshot of a page whose body (id 4, after html 2 and head 3) holds `body`. */
export function pageEvents(body: SerializedNode[], url = "https://shop.example.com/"): { type: number; timestamp: number; data: unknown }[] {
  const html = element(2, "html", {}, [element(3, "head"), element(4, "body", {}, body)]);
  return [
    { type: 4, timestamp: Date.now(), data: { href: url, width: 1280, height: 720 } },
    { type: 2, timestamp: Date.now(), data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { top: 0, left: 0 } } },
  ];
}
