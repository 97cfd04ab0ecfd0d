import type { Redis } from "ioredis";
import { withJson } from "../core/message-json";

type Handler = (message: unknown) => void;

/**
 * One Redis subscriber connection per process, fanned out to every local listener of a channel: the
 * channel is subscribed while it has a listener here. Each message is parsed once, whoever listens.
 */
export class RedisChannels {
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly subscriber: Redis) {
    subscriber.on("message", (channel: string, raw: string) => {
      const handlers = this.handlers.get(channel);
      if (!handlers) return;
      const parsed: unknown = JSON.parse(raw);
      // The streams of this node's viewers write the text that came, not a serialization of their own.
      const message = parsed !== null && typeof parsed === "object" ? withJson(parsed, raw) : parsed;
      for (const handler of handlers) handler(message);
    });
  }

  /** Resolves once Redis confirms the subscription, so nothing published after it is missed. */
  async subscribe(channel: string, handler: Handler): Promise<() => void> {
    let handlers = this.handlers.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
    }
    handlers.add(handler);
    if (first) await this.subscriber.subscribe(channel);
    return () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      void this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
