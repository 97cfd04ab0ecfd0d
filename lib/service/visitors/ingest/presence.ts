/** A visitor is online while its `online_until` is in the future; each heartbeat pushes it this far. */
export const ONLINE_SECONDS = 30;
/** How often the visitor script sends a heartbeat: twice per online window, so one lost beat is harmless. */
export const HEARTBEAT_SECONDS = 15;

export function onlineUntilFrom(now: Date): Date {
  return new Date(now.getTime() + ONLINE_SECONDS * 1000);
}
