import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { enqueueWebhook } from "./outbox";
import { startReceiver } from "./test-receiver";
import { insertWebhookTeam } from "./test-team";
import { startWebhookWorker, type WebhookWorker } from "./worker";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let teamId: string;
let worker: WebhookWorker | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await startReceiver();
  teamId = (await insertWebhookTeam(database.db)).id;
});
afterEach(async () => {
  await worker?.stop();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await receiver?.close();
  await database?.close();
});

const enqueue = () => enqueueWebhook(database.db, { teamId, sessionId: "s_1", url: receiver.url(), payload: { id: "s_1" } });
const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5_000, interval: 20 });

describe("startWebhookWorker", () => {
  it("delivers in the background, starts once per process, and stops after its run", async () => {
    worker = startWebhookWorker({ getDb: async () => database.db, intervalMs: 20, allowPrivate: true });
    expect(startWebhookWorker({ getDb: async () => database.db, intervalMs: 20, allowPrivate: true })).toBe(worker);

    const first = await enqueue();
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0].headers["webhook-id"]).toBe(first);

    await worker.stop();
    await enqueue();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1); // stopped: nothing more is sent

    const again = startWebhookWorker({ getDb: async () => database.db, intervalMs: 20, allowPrivate: true });
    expect(again).not.toBe(worker); // stop() freed the process slot
    worker = again;
    await waitFor(() => receiver.received.length === 2);
  });

  it("logs a failed run and keeps going", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    const getDb = async () => {
      if (++calls === 1) throw new Error("database not ready");
      return database.db;
    };
    receiver.received.length = 0;
    worker = startWebhookWorker({ getDb, intervalMs: 20, allowPrivate: true });
    await enqueue();
    await waitFor(() => receiver.received.length === 1);
    expect(logged).toHaveBeenCalledWith("Webhook delivery run failed:", expect.objectContaining({ message: "database not ready" }));
  });
});
