import type { ServerResponse } from "node:http";
import { Transform, type Duplex, type Readable, type TransformCallback } from "node:stream";
import zlib from "node:zlib";

/** Raised when a body passes its byte limit while it streams. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The body is over ${limit} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

/** Passes bytes on until `limit` of them have passed, then fails the stream. */
export function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) return callback(new BodyTooLargeError(limit));
      callback(null, chunk);
    },
  });
}

function decoderOf(name: string): Transform | null {
  if (name === "gzip" || name === "x-gzip") return zlib.createGunzip();
  if (name === "deflate") return zlib.createInflate();
  if (name === "br") return zlib.createBrotliDecompress();
  return null;
}

/**
 * The decoders of a Content-Encoding the proxy can read, in the order to pipe them (the last coding
 * applied comes off first: `gzip, gzip` is two gunzips), none for a body sent as it is, or null when one
 * of its codings is unknown (then the body can only be passed on untouched).
 */
export function decodersFor(encoding: string | undefined): Transform[] | null {
  const decoders: Transform[] = [];
  for (const coding of (encoding ?? "").split(",").reverse()) {
    const name = coding.trim().toLowerCase();
    if (name === "" || name === "identity") continue;
    const decoder = decoderOf(name);
    if (!decoder) return null;
    decoders.push(decoder);
  }
  return decoders;
}

/** A decoder of text in the charset of a Content-Type (UTF-8 without one, or for one it does not know). */
export function charsetDecoder(contentType: string | undefined): TextDecoder {
  const label = contentType
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.toLowerCase().startsWith("charset="))
    ?.slice("charset=".length)
    .replaceAll('"', "");
  try {
    return new TextDecoder(label || "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/** A whole body, read as it comes (no stream stage of its own), failing past `limit` bytes. */
export function readWhole(body: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      body.destroy();
      reject(new BodyTooLargeError(limit));
    });
    body.once("end", () => resolve(Buffer.concat(chunks, size)));
    body.once("error", reject);
    body.once("close", () => reject(new Error("The body ended early.")));
  });
}

/**
 * `streams` piped one into the next, the last returned: when any of them fails, the last fails with its
 * error; when the last is destroyed (the answer went away), the others are too. What `pipeline` does,
 * without the error objects it makes for every stream at every end (stack traces, on each request).
 */
export function chain(first: Readable, ...rest: Duplex[]): Readable {
  const streams = [first, ...rest];
  const last = streams[streams.length - 1];
  const destroyOthers = () => streams.forEach((stream) => stream !== last && !stream.readableEnded && stream.destroy());
  for (const stream of streams.slice(0, -1)) {
    stream.once("error", (error: Error) => {
      destroyOthers();
      last.destroy(error);
    });
  }
  last.once("close", destroyOthers);
  rest.reduce<Readable>((from, to) => from.pipe(to), first);
  return last;
}

/**
 * Sends `body` as the answer's; when it fails, the answer is cut short (its head is out), and when the
 * answer goes away first, `body` is destroyed. Settles once the answer is over.
 */
export function sendBody(body: Readable, res: ServerResponse): Promise<void> {
  body.once("error", () => res.destroy());
  res.once("close", () => {
    if (!res.writableFinished) body.destroy();
  });
  body.pipe(res);
  return new Promise((resolve) => res.once("close", () => resolve()));
}

/**
 * Sends a page's text as the rewriter gives it, with `head` (status and headers), each piece held until
 * the event loop's next turn and sent with whatever came meanwhile: a page the site sent at once goes
 * out in one write with its length, not as a chunked answer written twice (the text, then its end).
 * Fails and settles as `sendBody`.
 */
export function sendText(body: Readable, res: ServerResponse, head: { status: number; headers: Record<string, string | string[]> }): Promise<void> {
  let held = "";
  let flush: NodeJS.Immediate | null = null;
  const send = () => {
    flush = null;
    if (!res.headersSent) res.writeHead(head.status, head.headers);
    const text = held;
    held = "";
    if (!res.write(text)) {
      body.pause();
      res.once("drain", () => body.resume());
    }
  };
  body.on("data", (text: string) => {
    held += text;
    flush ??= setImmediate(send);
  });
  body.once("end", () => {
    if (flush) clearImmediate(flush);
    if (!res.headersSent) res.writeHead(head.status, { ...head.headers, "content-length": Buffer.byteLength(held) });
    res.end(held);
  });
  body.once("error", () => {
    if (flush) clearImmediate(flush);
    res.destroy();
  });
  res.once("close", () => {
    if (!res.writableFinished) body.destroy();
  });
  return new Promise((resolve) => res.once("close", () => resolve()));
}

/**
 * Passes a body on as it comes, bytes untouched and no stream stage between (the answer's length, when
 * the site said it, already holds it to `limit`; otherwise it is counted as it passes).
 */
export function passOn(body: Readable, res: ServerResponse, limit: number): Promise<void> {
  let size = 0;
  body.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) body.destroy(new BodyTooLargeError(limit));
  });
  return sendBody(body, res);
}
