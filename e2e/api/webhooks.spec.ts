import { expect, test } from "@playwright/test";
import { sessionSchema } from "@/lib/contract";
import { verifySignature } from "@/lib/service/webhooks";
import { apiClient, embeddedApiKey, openWatchLink, registerVisitor } from "../support/api";
import { freePort, startServer } from "../support/server";
import { startReceiver } from "../support/webhook-receiver";

const agent = { id: "hooks-agent", name: "Wes Hook" };

test("a session that ends POSTs its Session JSON to webhook_url, signed per Standard Webhooks", async () => {
  const receiver = await startReceiver();
  const api = await apiClient();
  const secret = (await (await api.get("/service-admin/webhook-secret")).json()).secret as string;
  const visitor = await registerVisitor(api);
  const link = await (
    await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent, webhook_url: receiver.url, metadata: { ticket: "H-7" } } })
  ).json();
  await openWatchLink(link.watch_url);
  expect(receiver.received).toHaveLength(0); // nothing until the session ends
  expect((await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`)).status()).toBe(200);

  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
  const [delivery] = receiver.received;
  expect(delivery.headers["content-type"]).toContain("application/json");
  expect(verifySignature(secret, delivery.headers as Record<string, string>, delivery.body)).toBe(true);
  expect(verifySignature(secret, delivery.headers as Record<string, string>, delivery.body.replace("H-7", "H-8"))).toBe(false);
  const session = sessionSchema.parse(JSON.parse(delivery.body));
  expect(session).toMatchObject({ visitor_id: visitor.visitorId, metadata: { ticket: "H-7" }, _type: "session" });
  expect(session.agents[0]).toMatchObject({ name: agent.name });

  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(receiver.received).toHaveLength(1); // delivered once, not again
  await receiver.close();
  await api.dispose();
});

test("a pending delivery survives the server being killed, and arrives once after restart", async () => {
  test.setTimeout(120_000);
  const receiverPort = await freePort(); // nothing listens yet: the first attempt fails
  const server = await startServer({ env: { TANDEM_DEMO_SEED: "0" } });
  try {
    const api = await apiClient(server.url, embeddedApiKey(server.dataDir));
    const visitor = await registerVisitor(api);
    const url = `http://127.0.0.1:${receiverPort}/hooks/tandem`;
    const link = await (await api.post(`/v1.3/visitors/${visitor.visitorId}/watch_url`, { data: { agent, webhook_url: url } })).json();
    await openWatchLink(link.watch_url);
    expect((await api.delete(`/v1.3/visitors/${visitor.visitorId}/session`)).status()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the first attempt is refused
    await api.dispose();
    await server.crash();

    const receiver = await startReceiver(receiverPort);
    const restarted = await startServer({ dataDir: server.dataDir, port: server.port, env: { TANDEM_DEMO_SEED: "0" } });
    try {
      await expect.poll(() => receiver.received.length, { timeout: 60_000, intervals: [500] }).toBe(1);
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({ visitor_id: visitor.visitorId });
    } finally {
      await receiver.close();
      await restarted.stop();
    }
  } finally {
    await server.stop();
  }
});
