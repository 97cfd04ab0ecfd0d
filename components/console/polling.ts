/** Reads one of the console's own JSON route handlers; a refusal throws the envelope's message. */
export async function fetchConsoleJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? `The console answered ${response.status}.`);
  return body as T;
}

/**
 * Query options for a resource the console keeps fresh every `interval` ms. A failed poll is not retried
 * in a burst: the next one comes at the same pace, so the page recovers within one interval of the API
 * coming back.
 */
export function pollEvery(interval: number) {
  return { refetchInterval: interval, retry: false } as const;
}
