import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { webhookDeliveries } from "../core/schema";
import { deliverDueWebhooks, enqueueWebhook, LEASE_MS, type DeliverOptions } from "./outbox";
import { RETRY_DELAYS_MS } from "./schedule";
import { verifySignature } from "./sign";
import { startReceiver } from "./test-receiver";
import { insertWebhookTeam } from "./test-team";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let team: Awaited<ReturnType<typeof insertWebhookTeam>>;

beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await startReceiver();
  team = await insertWebhookTeam(database.db);
});
afterAll(async () => {
  await receiver?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(webhookDeliveries);
  receiver.received.length = 0;
  receiver.answer(() => ({ status: 204 }));
});

const payload = { id: "s_1", status: "ended", agents: [{ id: "a_1", name: "Ann" }], metadata: { plan: "pro", seats: 3, trial: false } };
const enqueue = (url = receiver.url()) => enqueueWebhook(database.db, { teamId: team.id, sessionId: "s_1", url, payload });
const deliver = (options: Partial<DeliverOptions> = {}) => deliverDueWebhooks(database.db, { allowPrivate: true, ...options });
const row = async (id: string) => (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
// A moment after the insert: rows are due from the database's now(), which has microseconds.
const t0 = () => new Date(Date.now() + 1000);
const plus = (from: Date, ms: number) => new Date(from.getTime() + ms);
const DAY = 86_400_000;

describe("enqueueWebhook", () => {
  it("writes inside the caller's transaction, so a rollback leaves nothing to send", async () => {
    let id = "";
    await expect(
      database.db.transaction(async (tx) => {
        id = await enqueueWebhook(tx, { teamId: team.id, sessionId: "s_1", url: receiver.url(), payload });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(id).toMatch(/^msg_[A-Z2-9]{16}$/);
    expect(await row(id)).toBeUndefined();
  });
});

describe("deliverDueWebhooks", () => {
  it("records a delivery sent while the database briefly failed, so it is never sent again under its id", async () => {
    const id = await enqueue();
    const now = t0();
    let failures = 2;
    const blinking = new Proxy(database.db, {
      get: (target, name, receiver) => {
        if (name === "update" && failures > 0) {
          failures--;
          return () => {
            throw new Error("Connection terminated unexpectedly");
          };
        }
        return Reflect.get(target, name, receiver);
      },
    });
    expect(await deliverDueWebhooks(blinking, { allowPrivate: true, now })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await row(id)).toMatchObject({ status: "delivered" });
    expect(await deliver({ now: plus(now, 2 * LEASE_MS) })).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it("delivers once, signed, with the exact payload and headers", async () => {
    const id = await enqueue();
    const now = t0();
    expect(await deliver({ now })).toEqual({ claimed: 1, delivered: 1, retrying: 0, failed: 0, gone: 0 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.path).toBe("/hook");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("Tandem-Webhooks/1");
    expect(request.headers["webhook-id"]).toBe(id);
    expect(verifySignature(team.webhookSecret, request.headers, request.body)).toBe(true);
    expect(JSON.parse(request.body)).toEqual(payload);

    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 204, lockedUntil: null, deliveredAt: now });
    expect(await deliver({ now: plus(now, 10 * DAY) })).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it("retries a 500 on schedule with the same webhook-id, then succeeds", async () => {
    const id = await enqueue();
    const now = t0();
    receiver.answer(() => ({ status: 500 }));
    expect(await deliver({ now })).toMatchObject({ claimed: 1, retrying: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatus: 500, lockedUntil: null, deliveredAt: null });
    expect(failed.lastError).toMatch(/HTTP 500/);
    expect(failed.nextAttemptAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[0]);

    expect(await deliver({ now: plus(now, RETRY_DELAYS_MS[0] - 1000) })).toMatchObject({ claimed: 0 });
    receiver.answer(() => ({ status: 200 }));
    expect(await deliver({ now: plus(now, RETRY_DELAYS_MS[0] + 1000) })).toMatchObject({ claimed: 1, delivered: 1 });

    expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual([id, id]);
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200, lastError: null });
  });

  it("stops for good on 410 Gone", async () => {
    const id = await enqueue();
    const now = t0();
    receiver.answer(() => ({ status: 410 }));
    expect(await deliver({ now })).toMatchObject({ claimed: 1, gone: 1 });
    expect(await row(id)).toMatchObject({ status: "gone", attempts: 1, lastStatus: 410, lockedUntil: null });
    expect(await deliver({ now: plus(now, 10 * DAY) })).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it("does not follow a redirect and counts it as a failure", async () => {
    const id = await enqueue();
    receiver.answer((request) => (request.path === "/hook" ? { status: 302, headers: { location: receiver.url("/moved") } } : { status: 200 }));
    expect(await deliver({ now: t0() })).toMatchObject({ claimed: 1, retrying: 1 });
    expect(receiver.received.map((request) => request.path)).toEqual(["/hook"]);
    const redirected = await row(id);
    expect(redirected).toMatchObject({ status: "pending", attempts: 1, lastStatus: 302 });
    expect(redirected.lastError).toMatch(/\/moved not followed/);
  });

  it("marks the row failed once the retry schedule is used up", async () => {
    const id = await enqueue();
    await database.db.update(webhookDeliveries).set({ attempts: RETRY_DELAYS_MS.length }).where(eq(webhookDeliveries.id, id));
    receiver.answer(() => ({ status: 503 }));
    expect(await deliver({ now: t0() })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1, lastStatus: 503 });
    expect(await deliver({ now: plus(t0(), 10 * DAY) })).toMatchObject({ claimed: 0 });
  });

  it("retries after a timeout and after a refused connection", async () => {
    const hanging = await enqueue();
    receiver.answer(() => "hang");
    expect(await deliver({ now: t0(), timeoutMs: 300 })).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await row(hanging)).toMatchObject({ status: "pending", attempts: 1, lastStatus: null, lastError: "Timed out after 300 ms." });

    await database.db.delete(webhookDeliveries);
    const closed = await startReceiver();
    const deadUrl = closed.url();
    await closed.close(); // nothing listens on that port now
    const refused = await enqueue(deadUrl);
    expect(await deliver({ now: t0() })).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await row(refused)).lastError).toMatch(/ECONNREFUSED/);
  });

  it("leaves a leased row (a crashed node's) alone until the lease expires, then delivers it once", async () => {
    const id = await enqueue();
    const now = t0();
    await database.db
      .update(webhookDeliveries)
      .set({ attempts: 1, lockedUntil: plus(now, 30_000) })
      .where(eq(webhookDeliveries.id, id));

    expect(await deliver({ now })).toMatchObject({ claimed: 0 });
    expect(await deliver({ now: plus(now, 29_000) })).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(0);

    expect(await deliver({ now: plus(now, 31_000) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await deliver({ now: plus(now, 10 * DAY) })).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2, lockedUntil: null });
  });

  it("delivers each row once when two runs race", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => enqueue()));
    const now = t0();
    const runs = await Promise.all([deliver({ now }), deliver({ now })]);
    expect(runs[0].claimed + runs[1].claimed).toBe(5);
    expect(runs[0].delivered + runs[1].delivered).toBe(5);
    expect(receiver.received.map((request) => request.headers["webhook-id"]).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("refuses a loopback URL without allowPrivate: failed at once with the reason, nothing sent", async () => {
    const id = await enqueue();
    expect(await deliver({ now: t0(), allowPrivate: false })).toMatchObject({ claimed: 1, failed: 1 });
    const refused = await row(id);
    expect(refused).toMatchObject({ status: "failed", attempts: 1, lastStatus: null, lockedUntil: null });
    expect(refused.lastError).toMatch(/127\.0\.0\.1, which is not a public address/);
    expect(receiver.received).toHaveLength(0);
    expect(await deliver({ now: plus(t0(), 10 * DAY) })).toMatchObject({ claimed: 0 });
  });
});
