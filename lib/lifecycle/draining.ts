import type { Server } from "node:http";

/**
 * What a stopping app node has to wait for or close: requests still writing, and live streams that
 * never end by themselves. Shared by every bundle of the process through globalThis.
 */
interface DrainState {
  draining: boolean;
  inFlight: number;
  idle: Set<() => void>;
  streams: Set<() => void>;
  listeners: Set<Server>;
}

const slot = Symbol.for("tandem.draining");

function state(): DrainState {
  const holder = globalThis as { [slot]?: DrainState };
  holder[slot] ??= { draining: false, inFlight: 0, idle: new Set(), streams: new Set(), listeners: new Set() };
  return holder[slot];
}

/** True once the node has been asked to stop: readiness fails and new live streams go elsewhere. */
export function isDraining(): boolean {
  return state().draining;
}

/** Runs a request's work, counted until it settles so that a stopping node finishes it first. */
export async function countedInFlight<T>(work: () => Promise<T>): Promise<T> {
  const current = state();
  current.inFlight += 1;
  try {
    return await work();
  } finally {
    current.inFlight -= 1;
    if (current.inFlight === 0) for (const resolve of current.idle) resolve();
  }
}

/** Registers an open live stream's close; returns its removal. */
export function trackStream(close: () => void): () => void {
  const streams = state().streams;
  streams.add(close);
  return () => void streams.delete(close);
}

/** A listening server: draining stops it from taking connections. */
export function trackListener(server: Server): void {
  state().listeners.add(server);
}

/**
 * Starts draining: stops taking connections (the load balancer sends new ones to another node; requests on
 * connections already open are served, then their connections close), closes every live stream (browsers
 * reconnect, through the load balancer, to another node) and resolves once no request is in flight, or
 * after `timeoutMs`. Returns whether it went idle.
 */
export async function drain(timeoutMs: number): Promise<boolean> {
  const current = state();
  current.draining = true;
  // Also closes the idle keep-alive connections, so none is reused while the node goes away.
  for (const server of current.listeners) server.close();
  for (const close of [...current.streams]) close();
  if (current.inFlight === 0) return true;
  let resolveIdle!: () => void;
  const idle = new Promise<void>((resolve) => (resolveIdle = resolve));
  current.idle.add(resolveIdle);
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  const done = await Promise.race([idle.then(() => true), timer]);
  current.idle.delete(resolveIdle);
  return done;
}
