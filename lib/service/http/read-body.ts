import type { IncomingMessage } from "node:http";
import { ServiceError } from "../core/errors";

const tooLarge = (maxBytes: number) =>
  new ServiceError("payload_too_large", `body: larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${maxBytes / 1024} kB`}`, {
    connection: "close",
  });

/**
 * The body as text, refused with 413 as soon as it passes `maxBytes`: by its declared length before a
 * byte is read, or while it streams in (a chunked body declares none). Nothing past the limit is kept.
 * Over HTTP it is read from Node's request (`incoming`) itself, not through a web stream.
 */
export async function readText(request: Request, maxBytes: number, incoming?: IncomingMessage): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge(maxBytes);
  if (incoming) return readIncoming(incoming, maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Node's request body, within `maxBytes`: past it, reading stops (the socket's buffers push back) and 413. */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      incoming.off("data", onData).off("end", onEnd).off("error", settle).off("close", onClose);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks, size).toString("utf8"));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      incoming.pause();
      chunks.length = 0;
      settle(tooLarge(maxBytes));
    };
    const onEnd = () => settle();
    const onClose = () => settle(new Error("The client closed the connection before its body arrived."));
    if (incoming.destroyed) return onClose();
    incoming.on("data", onData).on("end", onEnd).on("error", settle).on("close", onClose);
  });
}

/** How deeply a body's arrays and objects may nest: far more than any request of the API needs. */
export const MAX_JSON_DEPTH = 64;
/**
 * A visitor's recorded page nests as deeply as its DOM (rrweb: two levels an element, the node and its
 * childNodes); HTML's parser nests at most 512 elements.
 */
export const MAX_RECORDED_PAGE_DEPTH = 1_200;

/** Whether arrays and objects nest more than `limit` levels: walked with a stack of its own, never recursively. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item as object)) {
      if (child !== null && typeof child === "object") pending.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The body as JSON, whatever its content type (sendBeacon posts text/plain); an empty body is `{}`.
 * Refused past `maxDepth` levels of nesting before anything else reads it: the NUL check, zod and
 * JSON.stringify all recurse, and a few kilobytes of brackets would overflow their stack.
 */
export async function readJson(request: Request, maxBytes: number, maxDepth = MAX_JSON_DEPTH): Promise<unknown> {
  return parseJson(await readText(request, maxBytes), maxDepth);
}

/** A body's text as JSON (readJson's rules), for callers that keep the text too (a signed body). */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (!text.trim()) return {};
  let body: unknown;
  try {
    // V8's parser does not recurse: any depth parses.
    body = JSON.parse(text);
  } catch {
    throw new ServiceError("invalid_request", "body: not valid JSON");
  }
  if (body !== null && typeof body === "object" && nestsDeeperThan(body, maxDepth)) {
    throw new ServiceError("invalid_request", `body: nested too deeply (more than ${maxDepth} levels of arrays and objects)`);
  }
  return body;
}
