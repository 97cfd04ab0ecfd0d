import "server-only";

/** A response body without its `status: "ok"` marker: what the create-link methods return. */
export type WithoutStatus<T> = T extends unknown ? Omit<T, "status"> : never;

export function withoutStatus<T extends { status?: unknown }>(body: T): WithoutStatus<T> {
  const rest: Record<string, unknown> = { ...body };
  delete rest.status;
  return rest as WithoutStatus<T>;
}
