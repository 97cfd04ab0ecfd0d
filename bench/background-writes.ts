import { BenchmarkFailure, fetchJson } from "./fail-loudly";
import { filledVisitor, pageList } from "./fill-visitors";

export interface WriteStats {
  registrations: number;
  heartbeats: number;
  errors: number;
  seconds: number;
}

/**
 * A live site's writes while a benchmark measures something else: new visitors registering (each then
 * identified with a long-tail name) and heartbeats of the visitors registered so far, each at its rate
 * a second, sent every 50 ms. At most 4 visitors' writes and 4 heartbeats are in flight: a slower server
 * gets fewer writes, not a queue of them holding the database pool that the measured requests need.
 */
export function startWrites(baseUrl: string, publicKey: string, rates: { registrations: number; heartbeats: number }) {
  const pages = pageList();
  const registered: { "x-visitor-id": string; "x-visitor-token": string }[] = [];
  const stats: WriteStats = { registrations: 0, heartbeats: 0, errors: 0, seconds: 0 };
  const started = performance.now();
  const inFlight = { registrations: 0, heartbeats: 0 };
  let next = 0;
  let firstError: unknown = null;
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetchJson(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const send = (kind: keyof typeof inFlight, work: () => Promise<void>) => {
    if (inFlight[kind] >= 4) return;
    inFlight[kind]++;
    work()
      .catch((error: unknown) => {
        stats.errors++;
        firstError ??= error;
      })
      .finally(() => inFlight[kind]--);
  };
  const register = async () => {
    const n = 50_000_000 + next++;
    const [url, title] = pages[n % pages.length];
    const body = (await post("/collect/register", {}, { publicKey, url: `https://shop.example.com${url}`, title })) as { visitorId: string; token: string };
    const headers = { "x-visitor-id": body.visitorId, "x-visitor-token": body.token };
    const { first, last, email } = filledVisitor(n);
    await post("/collect/identify", headers, { callName: `${first} ${last}`, identities: [`${first} ${last}`, email], uniqueId: `user-${n}` });
    registered.push(headers);
    stats.registrations++;
  };
  const beat = async () => {
    await post("/collect/heartbeat", registered[Math.floor(Math.random() * registered.length)], {});
    stats.heartbeats++;
  };
  let owed = { registrations: 0, heartbeats: 0 };
  const timer = setInterval(() => {
    owed = { registrations: owed.registrations + rates.registrations / 20, heartbeats: owed.heartbeats + rates.heartbeats / 20 };
    for (; owed.registrations >= 1; owed.registrations--) send("registrations", register);
    for (; owed.heartbeats >= 1 && registered.length > 0; owed.heartbeats--) send("heartbeats", beat);
  }, 50);
  return {
    /** Stops the writes and answers what they did; fails the benchmark when any of them failed. */
    async stop(): Promise<WriteStats> {
      clearInterval(timer);
      while (inFlight.registrations + inFlight.heartbeats > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      if (firstError) throw new BenchmarkFailure(`${stats.errors} background writes failed, the first: ${String(firstError)}`);
      return { ...stats, seconds: (performance.now() - started) / 1000 };
    },
  };
}
