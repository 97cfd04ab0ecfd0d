// Test helper (not runtime code): rrweb events of a small shop page, as the visitor script sends them.
import { SNAPSHOT_SLICES_EVENT_TAG } from "@/lib/contract/recording-marks";

let nextId = 100;
const el = (tagName: string, attributes: Record<string, string | boolean> = {}, childNodes: object[] = [], id = nextId++) => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
});
const text = (textContent: string, id = nextId++) => ({ type: 3, id, textContent });

export const SHOP_REFS = { addToCart: 20, cartText: 31, status: 30, password: 40, card: 50, name: 45, select: 70 } as const;

/** Meta and full snapshot of the shop: masked card field and private box arrive as rrweb's empty boxes. */
export function shopSnapshot(timestamp = Date.now()) {
  const html = el("html", {}, [
    el("head", {}, [el("title", {}, [text("Demo shop")]), el("style", {}, [text("body { color: red }")])]),
    el("body", {}, [
      el("h1", {}, [text("Demo shop")]),
      el("ul", {}, [el("li", {}, [el("p", {}, [text("Tandem mug")]), el("button", { type: "button" }, [text("Add to cart")], SHOP_REFS.addToCart)])]),
      el("p", { role: "status" }, [text("Your cart is empty.", SHOP_REFS.cartText)], SHOP_REFS.status),
      el("form", {}, [
        el("label", {}, [text("Name"), el("input", { name: "name", value: "Ada" }, [], SHOP_REFS.name)]),
        el("label", {}, [text("Password"), el("input", { name: "password", type: "password", value: "******" }, [], SHOP_REFS.password)]),
        el("label", {}, [text("Card number"), el("input", { class: "no-cobrowse", rr_width: "200px", rr_height: "30px" }, [], SHOP_REFS.card)]),
        el(
          "select",
          { name: "size" },
          [el("option", { value: "s" }, [text("Small")]), el("option", { value: "m", selected: true }, [text("Medium")])],
          SHOP_REFS.select,
        ),
      ]),
      el("section", { class: "no-cobrowse", rr_width: "300px", rr_height: "80px" }, [], 60),
      el("div", { style: "display: none" }, [text("Hidden promo")]),
    ]),
  ]);
  return [
    { type: 4, timestamp, data: { href: "https://shop.example.com/demo", width: 1280, height: 720 } },
    { type: 2, timestamp, data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { top: 0, left: 0 } } },
  ];
}

/** What the shop's page records once "Add to cart" was clicked. */
export function cartChanged(timestamp = Date.now()) {
  return [
    {
      type: 3,
      timestamp,
      data: { source: 0, texts: [{ id: SHOP_REFS.cartText, value: "1 item in your cart, $12 in total." }], attributes: [], removes: [], adds: [] },
    },
  ];
}

interface Serialized {
  id: number;
  tagName?: string;
  childNodes?: Serialized[];
}

const slicesMark = (timestamp: number, pending: boolean) => ({ type: 5, timestamp, data: { tag: SNAPSHOT_SLICES_EVENT_TAG, payload: { pending } } });

/**
 * The shop as the visitor script sends a snapshot in slices: first the snapshot with the list and the
 * form empty and the mark that parts follow, then (`rest`) their children as added nodes and the mark
 * that all came.
 */
export function shopInSlices(timestamp = Date.now()) {
  const [meta, full] = shopSnapshot(timestamp);
  const adds: { parentId: number; nextId: number | null; node: Serialized }[] = [];
  const leaveOut = (node: Serialized) => {
    if (node.tagName !== "ul" && node.tagName !== "form") return node.childNodes?.forEach(leaveOut);
    let nextId: number | null = null;
    for (const child of [...(node.childNodes ?? [])].reverse()) {
      adds.push({ parentId: node.id, nextId, node: child });
      nextId = child.id;
    }
    node.childNodes = [];
  };
  leaveOut((full.data as { node: Serialized }).node);
  return {
    first: [meta, full, slicesMark(timestamp, true)],
    rest: [{ type: 3, timestamp, data: { source: 0, adds, removes: [], texts: [], attributes: [] } }, slicesMark(timestamp, false)],
  };
}
