import { Transform, type TransformCallback } from "node:stream";
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
  if (name === "" || name === "identity") return new Transform({ transform: (chunk, _encoding, callback) => callback(null, chunk) });
  if (name === "gzip" || name === "x-gzip") return zlib.createGunzip();
  if (name === "deflate") return zlib.createInflate();
  if (name === "br") return zlib.createBrotliDecompress();
  return null;
}

/**
 * The decoders of a Content-Encoding the proxy can read, in the order to pipe them (the last coding
 * applied comes off first: `gzip, gzip` is two gunzips), or null when one of its codings is unknown
 * (then the body can only be passed on untouched).
 */
export function decodersFor(encoding: string | undefined): Transform[] | null {
  const decoders = (encoding ?? "identity")
    .split(",")
    .map((name) => decoderOf(name.trim().toLowerCase()))
    .reverse();
  return decoders.every((decoder) => decoder !== null) ? (decoders as Transform[]) : null;
}

/** Bytes in the page's charset to text (the Content-Type's charset, else UTF-8), for the rewriters. */
export function textDecoder(contentType: string | undefined): Transform {
  const label = contentType
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.toLowerCase().startsWith("charset="))
    ?.slice("charset=".length)
    .replaceAll('"', "");
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label || "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.decode(chunk, { stream: true });
      callback(null, text || undefined);
    },
    flush(callback) {
      const rest = decoder.decode();
      callback(null, rest || undefined);
    },
  });
}
