import { LRUCache } from "lru-cache";

/**
 * A small expiring cache shared by every bundle of this process (route handlers are bundled apart, so a
 * module-level cache would be one per route and could not be cleared from another).
 */
export function processCache<V extends object>(name: string, ttlMs: number, max = 10_000): LRUCache<string, V> {
  const slot = Symbol.for(`tandem.cache.${name}`);
  const holder = globalThis as { [slot]?: LRUCache<string, V> };
  holder[slot] ??= new LRUCache<string, V>({ max, ttl: ttlMs });
  return holder[slot];
}
