import { describe, expect, it } from "vitest";
import { PageTree } from "./page-tree";
import { pageLines, readPage } from "./page-text";
import { cartChanged, SHOP_REFS, shopInSlices, shopSnapshot } from "./test-page";

describe("the AI agent's reading of a page", () => {
  it("gives roles, names, values and refs, and masked parts only as [masked]", async () => {
    const tree = new PageTree();
    tree.apply(shopSnapshot());
    const read = await readPage(tree);
    expect(read).toMatchObject({ url: "https://shop.example.com/demo", title: "Demo shop", viewport: { width: 1280, height: 720 }, next_cursor: null });
    expect(read.tree).toContain('- heading "Demo shop" [level=1]');
    expect(read.tree).toContain(`- button "Add to cart" [ref=${SHOP_REFS.addToCart}]`);
    expect(read.tree).toContain(`- status "Your cart is empty." [ref=${SHOP_REFS.status}]`);
    expect(read.tree).toContain(`- textbox "Name" [ref=${SHOP_REFS.name}]: "Ada"`);
    expect(read.tree).toContain(`- textbox "Password" [ref=${SHOP_REFS.password}]: "[masked]"`);
    expect(read.tree).toContain(`- [masked] "Card number" [ref=${SHOP_REFS.card}]`);
    expect(read.tree).toContain(`- combobox [ref=${SHOP_REFS.select}]: "Medium"`);
    expect(read.tree).not.toContain("- label");
    expect(read.tree).not.toMatch(/\*\*\*|Hidden promo|color: red/);
  });

  it("follows changes: text, input values, removals", async () => {
    const tree = new PageTree();
    tree.apply(shopSnapshot());
    const version = tree.version;
    tree.apply(cartChanged());
    tree.apply([{ type: 3, timestamp: 0, data: { source: 5, id: SHOP_REFS.name, text: "Grace", isChecked: false } }]);
    tree.apply([{ type: 3, timestamp: 0, data: { source: 0, texts: [], attributes: [], removes: [{ parentId: 1, id: SHOP_REFS.addToCart }], adds: [] } }]);
    expect(tree.version).toBe(version + 3);
    const lines = (await pageLines(tree)).join("\n");
    expect(lines).toContain('"1 item in your cart, $12 in total."');
    expect(lines).toContain('"Grace"');
    expect(lines).not.toContain("Add to cart");
  });

  it("holds a snapshot sent in slices as whole only once its last slice came", async () => {
    const tree = new PageTree();
    const { first, rest } = shopInSlices();
    tree.apply(first);
    expect(tree.assembling).toBe(true);
    expect((await readPage(tree)).tree).not.toContain("Add to cart");
    tree.apply(rest);
    expect(tree.assembling).toBe(false);
    expect((await readPage(tree)).tree).toContain(`- button "Add to cart" [ref=${SHOP_REFS.addToCart}]`);
    expect((await readPage(tree)).tree).toContain(`- textbox "Name" [ref=${SHOP_REFS.name}]: "Ada"`);
    // A new snapshot starts over: whole unless marked, whatever the one before was.
    tree.apply(shopInSlices().first);
    tree.apply(shopSnapshot());
    expect(tree.assembling).toBe(false);
  });

  it("places added nodes before their next sibling, even when it comes later in the list", async () => {
    const tree = new PageTree();
    tree.apply(shopSnapshot());
    const status = SHOP_REFS.status;
    const parentId = tree.node(status)!.parent!.id;
    tree.apply([
      {
        type: 3,
        timestamp: 0,
        data: {
          source: 0,
          texts: [],
          attributes: [],
          removes: [],
          adds: [
            {
              parentId,
              nextId: 901,
              node: { type: 2, id: 900, tagName: "a", attributes: { href: "/first" }, childNodes: [{ type: 3, id: 902, textContent: "First" }] },
            },
            {
              parentId,
              nextId: status,
              node: { type: 2, id: 901, tagName: "a", attributes: { href: "/second" }, childNodes: [{ type: 3, id: 903, textContent: "Second" }] },
            },
          ],
        },
      },
    ]);
    const lines = await pageLines(tree);
    const first = lines.findIndex((line) => line.includes('"First"'));
    const second = lines.findIndex((line) => line.includes('"Second"'));
    const cart = lines.findIndex((line) => line.includes("Your cart"));
    expect(first).toBeGreaterThan(-1);
    expect(first).toBeLessThan(second);
    expect(second).toBeLessThan(cart);
  });

  it("pages a long tree with a continuation", async () => {
    const tree = new PageTree();
    tree.apply(shopSnapshot());
    const first = await readPage(tree, 0, 1000);
    const all = await pageLines(tree);
    let cursor = first.next_cursor;
    const seen = first.tree.split("\n");
    while (cursor !== null) {
      const next = await readPage(tree, cursor, 1000);
      seen.push(...next.tree.split("\n"));
      cursor = next.next_cursor;
    }
    expect(seen).toEqual(all);
  });
});
