import type { Redis } from "ioredis";
import { assertConnected } from "@/lib/redis/connection";
import type { AgentMessage, EventBatch, RecordedEvent, VisitorMessage } from "@/lib/contract";
import { RedisChannels } from "./redis-channels";
import { PUBLISH_UNCHANGED, stepOf, wantsSnapshot, type Listener, type LiveRelay, type PublishResult } from "./relay";

/** What a session keeps in Redis lives this long after its last batch (an ended session is deleted at once). */
const SESSION_TTL_MS = 12 * 60 * 60_000;
/** Tries of the compare-and-set of one batch before it counts as a gap. */
const MAX_APPLY_ATTEMPTS = 5;
/** A visitor's stream counts as open this long after its node last vouched for it: a dead node's streams fade. */
export const STREAM_PRESENCE_TTL_MS = 30_000;

const key = {
  state: (sessionId: string) => `tandem:live:session:${sessionId}:state`,
  events: (sessionId: string) => `tandem:live:session:${sessionId}:events`,
  sessionChannel: (sessionId: string) => `tandem:live:session:${sessionId}`,
  visitorChannel: (visitorId: string) => `tandem:live:visitor:${visitorId}`,
  visitorStreams: (visitorId: string) => `tandem:live:visitor:${visitorId}:streams`,
  forgottenChannel: "tandem:live:forgotten",
};

/**
 * Stores a batch only if the session's state is still the one the step was worked out from (another
 * node may have reset it meanwhile), numbers the agents' message and publishes it, all at once.
 * Returns the stored event count, or -1 when the state moved on.
 */
const APPLY_BATCH = `
local state = redis.call('HMGET', KEYS[1], 'seq', 'count', 'bytes')
if (state[1] or '0') ~= ARGV[1] or (state[2] or '0') ~= ARGV[2] or (state[3] or '0') ~= ARGV[9] then return -1 end
local reset = ARGV[4] == '1'
if reset then redis.call('DEL', KEYS[2]) end
redis.call('RPUSH', KEYS[2], ARGV[5])
local count = (reset and 0 or tonumber(ARGV[2])) + tonumber(ARGV[6])
local bytes = (reset and 0 or tonumber(ARGV[9])) + tonumber(ARGV[10])
local agentSeq = redis.call('HINCRBY', KEYS[1], 'agentSeq', 1)
redis.call('HSET', KEYS[1], 'seq', ARGV[3], 'count', count, 'bytes', bytes)
redis.call('HDEL', KEYS[1], 'full')
redis.call('PEXPIRE', KEYS[1], ARGV[8])
redis.call('PEXPIRE', KEYS[2], ARGV[8])
redis.call('PUBLISH', ARGV[7], '{"type":"events","seq":' .. agentSeq .. ',"reset":' .. (reset and 'true' or 'false') .. ',"events":' .. ARGV[5] .. '}')
return count
`;

/** Marks the tail full (only a snapshot is taken from now), if the state is still the one it was judged by. */
const MARK_FULL = `
local state = redis.call('HMGET', KEYS[1], 'seq', 'count', 'bytes')
if (state[1] or '0') ~= ARGV[1] or (state[2] or '0') ~= ARGV[2] or (state[3] or '0') ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[1], 'full', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

/** Reads the stored page again, a few times if Redis is still settling; past that, the agent's page asks for a snapshot. */
async function resync(sync: () => Promise<void>): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (
      await sync().then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The relay of several app nodes: each session's snapshot and tail live in Redis where every node reads
 * them, messages travel by pub/sub, and a visitor's open streams are a sorted set of expiring entries.
 */
export class RedisRelay implements LiveRelay {
  private readonly channels: RedisChannels;
  /** This node's open visitor streams: entry → visitor, re-vouched for on a timer. */
  private readonly streams = new Map<string, string>();
  private streamCount = 0;
  private readonly refresher: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    subscriber: Redis,
    private readonly nodeId: string,
  ) {
    this.channels = new RedisChannels(subscriber);
    this.refresher = setInterval(() => void this.vouchForStreams().catch(() => undefined), STREAM_PRESENCE_TTL_MS / 3);
    this.refresher.unref();
    // A restarted Redis has forgotten which streams are open: vouch for this node's at once.
    let connectedBefore = false;
    redis.on("ready", () => {
      if (connectedBefore) void this.vouchForStreams().catch(() => undefined);
      connectedBefore = true;
    });
  }

  async publishEvents(sessionId: string, batch: EventBatch): Promise<PublishResult> {
    assertConnected(this.redis);
    // Compare-and-set: the step is worked out here and applied only if nothing changed in between.
    for (let attempt = 0; attempt < MAX_APPLY_ATTEMPTS; attempt++) {
      const [seq, count, bytes, full] = await this.redis.hmget(key.state(sessionId), "seq", "count", "bytes", "full");
      const stored = { lastSeq: Number(seq ?? 0), eventCount: Number(count ?? 0), bytes: Number(bytes ?? 0), snapshotRequired: full === "1" };
      const step = stepOf(batch, stored);
      if (step.kind === "full" && !stored.snapshotRequired) {
        const marked = await this.redis.eval(MARK_FULL, 1, key.state(sessionId), seq ?? "0", count ?? "0", bytes ?? "0", String(SESSION_TTL_MS));
        if (marked !== 1) continue;
      }
      if (step.kind === "gap" || step.kind === "duplicate" || step.kind === "full") return PUBLISH_UNCHANGED[step.kind];
      const reset = step.kind === "reset";
      const total = (await this.redis.eval(
        APPLY_BATCH,
        2,
        key.state(sessionId),
        key.events(sessionId),
        seq ?? "0",
        count ?? "0",
        String(batch.seq),
        reset ? "1" : "0",
        step.json,
        String(step.events.length),
        key.sessionChannel(sessionId),
        String(SESSION_TTL_MS),
        bytes ?? "0",
        String(step.bytes),
      )) as number;
      if (total < 0) continue;
      return { accepted: true, snapshotRequired: false, wantSnapshot: wantsSnapshot(total), firstSnapshot: reset && stored.eventCount === 0 };
    }
    // The state kept moving under us: treat it as a gap, and a fresh snapshot settles it.
    return PUBLISH_UNCHANGED.gap;
  }

  async publishToSession(sessionId: string, message: AgentMessage): Promise<void> {
    assertConnected(this.redis);
    await this.redis.publish(key.sessionChannel(sessionId), JSON.stringify(message));
  }

  async subscribeSession(sessionId: string, listener: Listener<AgentMessage>): Promise<() => void> {
    assertConnected(this.redis);
    // Subscribe first, then read what is stored: what arrives in between is held back, and events
    // already in the stored snapshot are skipped by their number.
    let held: AgentMessage[] | null = [];
    let storedSeq = 0;
    const deliver = (message: AgentMessage) => {
      if (message.type === "events" && message.seq <= storedSeq) return;
      listener(message);
    };
    const unsubscribe = await this.channels.subscribe(key.sessionChannel(sessionId), (message) => {
      if (held) held.push(message as AgentMessage);
      else deliver(message as AgentMessage);
    });
    const sync = async () => {
      held ??= [];
      try {
        const stored = await this.redis.multi().hget(key.state(sessionId), "agentSeq").lrange(key.events(sessionId), 0, -1).exec();
        const chunks = (stored?.[1]?.[1] ?? []) as string[];
        // After Redis restarted, the numbering starts again: the stored state's number is the one to follow.
        storedSeq = chunks.length > 0 ? Number(stored?.[0]?.[1] ?? 0) : 0;
        if (chunks.length > 0)
          listener({ type: "events", seq: storedSeq, reset: true, events: chunks.flatMap((chunk) => JSON.parse(chunk) as RecordedEvent[]) });
      } catch (error) {
        storedSeq = 0; // unknown: let everything through, the agent's page asks for a snapshot at a gap
        throw error;
      } finally {
        const waiting = held;
        held = null;
        waiting.forEach(deliver);
      }
    };
    await sync().catch((error: unknown) => {
      unsubscribe();
      throw error;
    });
    // Messages published while this node's subscriber was away are lost: the stored page replaces what the agent has.
    const stopResyncing = this.channels.onReconnected(() => void resync(sync));
    return () => {
      stopResyncing();
      unsubscribe();
    };
  }

  async publishToVisitor(visitorId: string, message: VisitorMessage): Promise<void> {
    assertConnected(this.redis);
    await this.redis.publish(key.visitorChannel(visitorId), JSON.stringify(message));
  }

  async subscribeVisitor(visitorId: string, listener: Listener<VisitorMessage>): Promise<() => void> {
    assertConnected(this.redis);
    const unsubscribe = await this.channels.subscribe(key.visitorChannel(visitorId), (message) => listener(message as VisitorMessage));
    const entry = `${this.nodeId}:${++this.streamCount}`;
    this.streams.set(entry, visitorId);
    try {
      await this.vouch(this.redis.multi(), entry, visitorId).exec();
    } catch (error) {
      unsubscribe();
      this.streams.delete(entry);
      throw error;
    }
    return () => {
      unsubscribe();
      this.streams.delete(entry);
      void this.redis.zrem(key.visitorStreams(visitorId), entry).catch(() => undefined);
    };
  }

  async visitorConnected(visitorId: string): Promise<boolean> {
    assertConnected(this.redis);
    return (await this.redis.zcount(key.visitorStreams(visitorId), Date.now(), "+inf")) > 0;
  }

  async hasSnapshot(sessionId: string): Promise<boolean> {
    assertConnected(this.redis);
    return (await this.redis.exists(key.events(sessionId))) > 0;
  }

  async forgetSession(sessionId: string): Promise<void> {
    assertConnected(this.redis);
    await this.redis.multi().del(key.state(sessionId), key.events(sessionId)).publish(key.forgottenChannel, JSON.stringify(sessionId)).exec();
  }

  async onSessionForgotten(listener: Listener<string>): Promise<() => void> {
    return this.channels.subscribe(key.forgottenChannel, (message) => listener(message as string));
  }

  async check(): Promise<void> {
    assertConnected(this.redis);
    await this.redis.ping();
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    const pipeline = this.redis.multi();
    for (const [entry, visitorId] of this.streams) pipeline.zrem(key.visitorStreams(visitorId), entry);
    this.streams.clear();
    await pipeline.exec().catch(() => undefined);
    await this.channels.close();
  }

  private vouch(pipeline: ReturnType<Redis["multi"]>, entry: string, visitorId: string) {
    const until = Date.now() + STREAM_PRESENCE_TTL_MS;
    return pipeline
      .zadd(key.visitorStreams(visitorId), until, entry)
      .zremrangebyscore(key.visitorStreams(visitorId), "-inf", Date.now())
      .pexpire(key.visitorStreams(visitorId), STREAM_PRESENCE_TTL_MS);
  }

  private async vouchForStreams(): Promise<void> {
    if (this.streams.size === 0) return;
    const pipeline = this.redis.multi();
    for (const [entry, visitorId] of this.streams) this.vouch(pipeline, entry, visitorId);
    await pipeline.exec();
  }
}
