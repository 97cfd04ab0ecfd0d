import { ServiceError } from "../core/errors";

const tooLarge = (maxBytes: number) =>
  new ServiceError("payload_too_large", `body: larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${maxBytes / 1024} kB`}`, {
    connection: "close",
  });

/**
 * The body as text, refused with 413 as soon as it passes `maxBytes`: by its declared length before a
 * byte is read, or while it streams in (a chunked body declares none). Nothing past the limit is kept.
 */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge(maxBytes);
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

/** The body as JSON, whatever its content type (sendBeacon posts text/plain); an empty body is `{}`. */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readText(request, maxBytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError("invalid_request", "body: not valid JSON");
  }
}
