import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The client address of the request next-auth is handling. next-auth's callbacks and logger are not given
 * the request, yet a single sign-on's audit row needs the address like a password sign-in's.
 */
const current = new AsyncLocalStorage<{ ip: string | null }>();

export function withAuthRequest<T>(ip: string | null, handle: () => T): T {
  return current.run({ ip }, handle);
}

/** The address of the request being handled; undefined outside one (nothing to audit then). */
export function authRequestIp(): string | null | undefined {
  return current.getStore()?.ip;
}
