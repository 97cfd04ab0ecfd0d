import type { Redis } from "ioredis";
import { assertConnected } from "@/lib/redis/connection";
import { withJson } from "../core/message-json";

type Handler = (message: unknown) => void;

/**
 * One Redis subscriber connection per process, fanned out to every local listener of a channel: the
 * channel is subscribed while it has a listener here. Each message is parsed once, whoever listens.
 * Pub/sub keeps nothing for a connection that was away: after a reconnection, once the channels are
 * subscribed again, `onReconnected`'s listeners learn that they may have missed messages.
 */
export class RedisChannels {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnected = new Set<() => void>();

  constructor(private readonly subscriber: Redis) {
    subscriber.on("message", (channel: string, raw: string) => {
      const handlers = this.handlers.get(channel);
      if (!handlers) return;
      const parsed: unknown = JSON.parse(raw);
      // The streams of this node's viewers write the text that came, not a serialization of their own.
      const message = parsed !== null && typeof parsed === "object" ? withJson(parsed, raw) : parsed;
      for (const handler of handlers) handler(message);
    });
    let connectedBefore = false;
    subscriber.on("ready", () => {
      if (connectedBefore) void this.resubscribe();
      connectedBefore = true;
    });
  }

  /** Resolves once Redis confirms the subscription, so nothing published after it is missed. */
  async subscribe(channel: string, handler: Handler): Promise<() => void> {
    assertConnected(this.subscriber);
    let handlers = this.handlers.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
    }
    handlers.add(handler);
    const unsubscribe = () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      void this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
    if (first) await this.subscriber.subscribe(channel).catch((error: unknown) => (unsubscribe(), Promise.reject(error)));
    return unsubscribe;
  }

  /** Runs `listener` after each reconnection, once every channel is subscribed again; returns its removal. */
  onReconnected(listener: () => void): () => void {
    this.reconnected.add(listener);
    return () => void this.reconnected.delete(listener);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.reconnected.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private async resubscribe(): Promise<void> {
    const channels = [...this.handlers.keys()];
    // ioredis subscribes them again by itself; this waits for Redis to confirm it.
    if (channels.length) await this.subscriber.subscribe(...channels).catch(() => undefined);
    for (const listener of [...this.reconnected]) listener();
  }
}
