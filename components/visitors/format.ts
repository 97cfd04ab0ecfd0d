/** "2026-11-23 08:35:12 UTC": the exact time, shown in titles next to relative times. */
export function formatUtc(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "3 minutes ago", "in 2 hours": the browser's own formatter, so no date library ships to the page. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "—";
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "—";
  let value = (time - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(Math.round(value)) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), "year");
}
