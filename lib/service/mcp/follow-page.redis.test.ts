import { describe, expect, it } from "vitest";
import type { VisitorMessage } from "@/lib/contract";
import { redisNodes } from "../live/test-redis-nodes";
import { followPage } from "./follow-page";
import { pageLines } from "./page-text";
import { cartChanged, SHOP_REFS, shopSnapshot } from "./test-page";

/** An app node's relay: a command connection and a subscriber of its own. */
const node = redisNodes();

describe("an AI agent's copy of the page across app nodes", () => {
  it("follows a visitor whose page talks to another node, and its actions reach that page", async () => {
    const visitorNode = node("mcp-a");
    const aiNode = node("mcp-b");
    const sessionId = `s_mcp${Date.now()}`;
    const visitorId = `V${Date.now()}`;
    const toVisitor: VisitorMessage[] = [];
    const stopVisitor = await visitorNode.subscribeVisitor(visitorId, (message) => toVisitor.push(message));
    await visitorNode.publishEvents(sessionId, { seq: 1, events: shopSnapshot() });

    // A late joiner on the other node gets the stored page at once, then the changes.
    let changes = 0;
    const page = await followPage(aiNode, sessionId, { changed: () => changes++, status: () => {}, ended: () => {} });
    const tree = page.tree;
    await expect.poll(async () => (await pageLines(tree)).join("\n")).toContain("Your cart is empty.");
    await aiNode.publishToVisitor(visitorId, { type: "control", sessionId, control: { tool: "click", id: SHOP_REFS.addToCart } });
    await expect.poll(() => toVisitor).toEqual([{ type: "control", sessionId, control: { tool: "click", id: SHOP_REFS.addToCart } }]);
    await visitorNode.publishEvents(sessionId, { seq: 2, events: cartChanged() });
    await expect.poll(async () => (await pageLines(tree)).join("\n")).toContain("1 item in your cart, $12 in total.");
    expect(changes).toBe(2);
    page.stop();
    stopVisitor();
  });
});
