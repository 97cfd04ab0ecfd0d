/**
 * A length of time as people read it on a usage card: hours and minutes ("2 h 05 min", "12 min"),
 * "< 1 min" for a few seconds and "0 min" for none.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (seconds === 0) return "0 min";
  if (seconds < 60) return "< 1 min";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours === 0) return `${minutes} min`;
  return `${hours.toLocaleString("en-US")} h ${String(minutes).padStart(2, "0")} min`;
}

/** A count with thousands separators, the same on the server and in the browser. */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/**
 * An instant in UTC ("2026-11-23 08:35 UTC"). The console shows UTC so the server's rendering, the
 * browser's and the date filters all agree.
 */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
