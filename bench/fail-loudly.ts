/**
 * A benchmark that measured nothing must say so and fail: a refused request where success was expected,
 * no samples, or a figure that is not a number ends the run with a non-zero exit status and the reason
 * (an error thrown out of the script's top level, after its `finally` has stopped what it started).
 */

export class BenchmarkFailure extends Error {
  override name = "BenchmarkFailure";
}

/** `response`, when its status is 2xx (or one of `alsoExpected`); else the benchmark fails with the status and the body. */
export async function expectOk(response: Response, what: string, alsoExpected: number[] = []): Promise<Response> {
  if (response.ok || alsoExpected.includes(response.status)) return response;
  const body = (await response.text().catch(() => "")).slice(0, 500);
  throw new BenchmarkFailure(`${what}: answered ${response.status} ${body}`);
}

/** fetch, failing the benchmark on an answer other than 2xx (or `alsoExpected`). */
export async function fetchOk(url: string | URL, init: RequestInit = {}, alsoExpected: number[] = []): Promise<Response> {
  return expectOk(await fetch(url, init), `${init.method ?? "GET"} ${String(url)}`, alsoExpected);
}

/** fetch's JSON answer, failing the benchmark on an answer other than 2xx. */
export async function fetchJson<T>(url: string | URL, init: RequestInit = {}): Promise<T> {
  return (await (await fetchOk(url, init)).json()) as T;
}

/** `values`, when there is at least one: figures over nothing would be NaN. */
export function requireSamples<T>(values: T[], what: string): T[] {
  if (values.length === 0) throw new BenchmarkFailure(`no samples of ${what}: the benchmark measured nothing`);
  return values;
}

/** `figures`, when every one of them is a finite number. */
export function requireFinite<T extends Record<string, number>>(figures: T, what: string): T {
  const bad = Object.entries(figures).filter(([, value]) => !Number.isFinite(value));
  if (bad.length) throw new BenchmarkFailure(`${what}: ${bad.map(([name, value]) => `${name} is ${value}`).join(", ")}`);
  return figures;
}

/** `figures`, when every one of them is a number above zero (bytes that flowed, events that arrived). */
export function requirePositive<T extends Record<string, number>>(figures: T, what: string): T {
  const bad = Object.entries(figures).filter(([, value]) => !(value > 0));
  if (bad.length) throw new BenchmarkFailure(`${what}: ${bad.map(([name, value]) => `${name} is ${value}`).join(", ")}`);
  return figures;
}

/** Fails the benchmark when `failed` of `total` requests failed where every one was expected to succeed. */
export function requireNoErrors(failed: number, total: number, what: string): void {
  if (failed > 0) throw new BenchmarkFailure(`${what}: ${failed} of ${total} requests failed`);
}
