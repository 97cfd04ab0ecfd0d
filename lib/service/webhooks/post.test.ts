import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "./post";
import { startReceiver } from "./test-receiver";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("postWebhook", () => {
  it("connects to the vetted address, not to a fresh DNS answer for the host", async () => {
    const port = new URL(receiver.url()).port;
    // `.invalid` never resolves: the request can only arrive if the pinned address is used.
    const url = new URL(`http://webhook-receiver.invalid:${port}/hook`);
    const response = await postWebhook({
      target: { url, addresses: [{ address: "127.0.0.1", family: 4 }] },
      headers: { "content-type": "application/json" },
      body: '{"ok":true}',
      timeoutMs: 5_000,
    });
    expect(response.status).toBe(204);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].headers.host).toBe(`webhook-receiver.invalid:${port}`);
    expect(receiver.received[0].body).toBe('{"ok":true}');
  });
});
