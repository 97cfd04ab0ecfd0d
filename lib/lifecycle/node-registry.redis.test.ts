import type { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectRedis } from "@/lib/redis/connection";
import { joinNodeRegistry } from "./node-registry";

const secrets = {
  NEXTAUTH_SECRET: "a".repeat(32),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  LINK_SIGNING_SECRET: "b".repeat(32),
};
let redis: Redis;
afterAll(async () => redis?.quit());

describe("joinNodeRegistry", () => {
  it("lets nodes with the same secrets join, refuses a differing secret or a taken name, and frees a left node's name", async () => {
    redis = connectRedis(inject("redisUrl"), "registry-test");
    const leaveA = await joinNodeRegistry(redis, "node-a", secrets);
    const leaveB = await joinNodeRegistry(redis, "node-b", secrets);

    // Either running node may be the one compared first (Redis lists keys in no set order).
    await expect(joinNodeRegistry(redis, "node-c", { ...secrets, LINK_SIGNING_SECRET: "c".repeat(32) })).rejects.toThrow(
      /^Invalid configuration: LINK_SIGNING_SECRET differs from the value app node "node-[ab]" runs with: every node needs the same$/,
    );
    await expect(joinNodeRegistry(redis, "node-b", secrets)).rejects.toThrow('TANDEM_NODE_NAME "node-b" is the name of an app node already running');
    // The refused node left nothing behind, and no secret is stored in the clear.
    const stored = await redis.keys("tandem:nodes:*");
    expect(stored.sort()).toEqual(["tandem:nodes:node-a", "tandem:nodes:node-b"]);
    expect(await redis.get("tandem:nodes:node-a")).not.toContain("aaaa");

    await leaveB();
    const again = await joinNodeRegistry(redis, "node-b", secrets);
    await again();
    await leaveA();
    expect(await redis.keys("tandem:nodes:*")).toEqual([]);
  });
});
