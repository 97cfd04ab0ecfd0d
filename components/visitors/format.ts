/** "2026-11-23 08:35:12 UTC": the exact time, shown in titles next to relative times. */
export function formatUtc(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
