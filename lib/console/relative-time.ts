const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });

/** The largest unit that fits, as people say it: seconds, minutes, hours, days, months, then years. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "3 minutes ago", "in 2 hours": from the browser's clock (the platform's formatter, no date library). */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "—";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "—";
  let value = (time - now) / 1000;
  // Half a unit rounds away from now, in the past as in the future (1.5 minutes ago is "2 minutes ago").
  const round = (n: number) => Math.sign(n) * Math.round(Math.abs(n));
  for (const [unit, size] of UNITS) {
    if (Math.abs(round(value)) < size) return relative.format(round(value) || -0, unit); // -0: "0 seconds ago"
    value /= size;
  }
  return "—";
}
