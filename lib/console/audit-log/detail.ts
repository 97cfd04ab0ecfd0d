/** Keys whose values are never shown, even if one was written by mistake. */
const SECRET_KEY = /secret|password|passwd|token|key|credential|authorization|cookie/i;

/** The detail of an audit event without anything named like a secret, at any depth. */
export function safeDetail(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(safeDetail);
  if (typeof value !== "object" || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (!SECRET_KEY.test(key)) kept[key] = safeDetail(inner);
  return kept;
}

/** One line for the table and the CSV: `name=CI, prefix=sk_ab12`; nested values as JSON. */
export function formatDetail(detail: unknown): string {
  const safe = safeDetail(detail);
  if (typeof safe !== "object" || safe === null) return safe == null ? "" : String(safe);
  return Object.entries(safe)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}
