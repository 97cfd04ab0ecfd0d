import { LRUCache } from "lru-cache";

/**
 * A small expiring cache shared by every module graph of this process: the service and the pages Next
 * bundles apart (the watch page) each load this module, and a module-level cache would be one per graph,
 * not cleared by the other.
 */
export function processCache<V extends object>(name: string, ttlMs: number, max = 10_000): LRUCache<string, V> {
  const slot = Symbol.for(`tandem.cache.${name}`);
  const holder = globalThis as { [slot]?: LRUCache<string, V> };
  holder[slot] ??= new LRUCache<string, V>({ max, ttl: ttlMs });
  return holder[slot];
}
