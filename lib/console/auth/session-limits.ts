/** Console sessions end after 30 minutes without activity, and 12 hours after sign-in whatever happens. */
export const IDLE_LIMIT_SECONDS = 30 * 60;
export const ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;

export function isWithinAbsoluteLimit(signedInAt: unknown, now = Date.now()): boolean {
  return typeof signedInAt === "number" && now - signedInAt < ABSOLUTE_LIMIT_MS;
}
