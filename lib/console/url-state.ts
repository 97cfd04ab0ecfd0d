import { createParser } from "nuqs/server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole UTC day in a URL (`2026-11-23`); anything else reads as absent. */
export const parseAsUtcDay = createParser<string>({
  parse: (value) => (DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null),
  serialize: (value) => value,
});

/** The date range the console's filtered lists share (`from=…&to=…`, UTC days, both included). */
export const dateRangeParsers = { from: parseAsUtcDay, to: parseAsUtcDay };

/** The values a nuqs loader read, without the absent ones (null), as optional fields. */
export function presentValues<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== "")) as { [K in keyof T]?: NonNullable<T[K]> };
}
