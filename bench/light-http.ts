/**
 * The load generator's HTTP: node:http on kept-alive connections, several times lighter per request than
 * fetch. A live benchmark's client shares the machine with the server it measures, so what the client
 * spends is taken from the server.
 */
import http from "node:http";
import { BenchmarkFailure } from "./fail-loudly";

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POSTs `body` as JSON and answers the answer's JSON; the benchmark fails on an answer other than 2xx. */
export function postJson<T>(url: string, headers: Record<string, string>, body: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) reject(new BenchmarkFailure(`POST ${url}: answered ${status} ${text.slice(0, 500)}`));
        else resolve(JSON.parse(text) as T);
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

/** Reads a Server-Sent Events stream, calling `onMessage` with each `data:` JSON, until aborted. */
export function readSse(
  url: string,
  headers: Record<string, string>,
  onMessage: (message: Record<string, unknown>, receivedAt: number, bytes: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // A stream cut (aborted, or the server stopping) just ends: events it did not carry are missing samples.
    const ended = (error: Error & { code?: string }) => (error.name === "AbortError" || error.code === "ECONNRESET" ? resolve() : reject(error));
    const request = http.get(url, { headers, signal }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new BenchmarkFailure(`stream ${url}: answered ${response.statusCode}`));
      }
      response.setEncoding("utf8");
      let buffered = "";
      response.on("data", (chunk: string) => {
        const receivedAt = performance.timeOrigin + performance.now();
        // Only the new text can end a frame: a large frame is not searched again with each chunk.
        let from = Math.max(0, buffered.length - 1);
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf("\n\n", from)) >= 0) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          from = 0;
          if (frame.startsWith("data: ")) onMessage(JSON.parse(frame.slice(6)) as Record<string, unknown>, receivedAt, frame.length + 2);
        }
      });
      response.on("end", () => resolve());
      response.on("error", ended);
    });
    request.on("error", ended);
  });
}
