import type { SWRConfiguration } from "swr";

/** Reads one of the console's own JSON route handlers; a refusal throws the envelope's message. */
export async function fetchConsoleJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? `The console answered ${response.status}.`);
  return body as T;
}

/**
 * SWR options for a resource the console keeps fresh every `interval` ms. SWR pauses polling while a
 * request fails and retries with a growing back-off; here it keeps asking at the same pace, so the page
 * recovers within one interval of the API coming back.
 */
export function pollEvery(interval: number): SWRConfiguration {
  return {
    refreshInterval: interval,
    onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => void setTimeout(() => revalidate({ retryCount }), interval),
  };
}
