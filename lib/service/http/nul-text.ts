import { ServiceError } from "../core/errors";

/**
 * PostgreSQL cannot store the NUL character in text: a request carrying one anywhere would fail in the
 * database. Refused up front instead, naming where it was (`body.tags[1]`, `query.search`, `visitor_id`).
 */
export function refuseNulText(value: unknown, where: string, skip?: string): void {
  const path = findNul(value, where, skip);
  if (path !== null) throw new ServiceError("invalid_request", `${path}: must not contain the NUL character`);
}

// Recursive: bodies reach it only within readJson's depth limit, and paths and queries are flat.
function findNul(value: unknown, path: string, skip?: string): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (!value || typeof value !== "object") return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [`[${index}]`, item] as const)
    : Object.entries(value).map(([key, item]) => [`.${key}`, item] as const);
  for (const [step, item] of entries) {
    if (step === `.${skip}`) continue;
    if (step.includes("\u0000")) return `${path}${step.replace(/\u0000/g, "\\0")}`;
    const found = findNul(item, `${path}${step}`);
    if (found !== null) return found;
  }
  return null;
}
