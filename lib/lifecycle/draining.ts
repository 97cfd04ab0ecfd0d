import type { Server } from "node:http";
import net from "node:net";

/**
 * What a stopping app node has to wait for or close: requests still writing, and live streams that
 * never end by themselves. Shared by every bundle of the process through globalThis.
 */
interface DrainState {
  draining: boolean;
  inFlight: number;
  idle: Set<() => void>;
  streams: Set<() => void>;
  listeners: Map<Server, { behindProxy: boolean }>;
}

const slot = Symbol.for("tandem.draining");

function state(): DrainState {
  const holder = globalThis as { [slot]?: DrainState };
  holder[slot] ??= { draining: false, inFlight: 0, idle: new Set(), streams: new Set(), listeners: new Map() };
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

/**
 * A listening server: draining stops it from taking connections. `behindProxy`: its clients are load
 * balancers, which close their idle connections themselves (nginx after its keepalive_timeout).
 */
export function trackListener(server: Server, options: { behindProxy: boolean }): void {
  state().listeners.set(server, options);
}

/** How often a draining node looks whether its load balancer has closed its connections. */
const CONNECTIONS_POLL_MS = 100;

/**
 * Starts draining: stops taking connections (the load balancer sends new ones to another node; requests on
 * connections already open are served, then their connections close), closes every live stream (browsers
 * reconnect, through the load balancer, to another node) and resolves once no request is in flight and no
 * load balancer's connection is left open, or after `timeoutMs`. Returns whether it went idle.
 */
export async function drain(timeoutMs: number): Promise<boolean> {
  const current = state();
  current.draining = true;
  const deadline = Date.now() + timeoutMs;
  for (const [server, { behindProxy }] of current.listeners) {
    // Stops listening only (http.Server's close would also close every idle connection): a load balancer
    // may be sending a request on an idle one at that very moment, which it would answer 502. Its idle
    // connections are left to it to close; a browser's are closed now (browsers send the request again).
    net.Server.prototype.close.call(server);
    if (!behindProxy) server.closeIdleConnections();
  }
  for (const close of [...current.streams]) close();
  if (!(await inFlightDone(current, timeoutMs))) return false;
  for (const [server, { behindProxy }] of current.listeners) {
    while (behindProxy && (await openConnections(server)) > 0) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, CONNECTIONS_POLL_MS));
    }
  }
  return true;
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

async function inFlightDone(current: DrainState, timeoutMs: number): Promise<boolean> {
  if (current.inFlight === 0) return true;
  let resolveIdle!: () => void;
  const idle = new Promise<void>((resolve) => (resolveIdle = resolve));
  current.idle.add(resolveIdle);
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  const done = await Promise.race([idle.then(() => true), timer]);
  current.idle.delete(resolveIdle);
  return done;
}
