import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listen, type Listening } from "@/lib/testing/listen";
import { MAX_UNSENT_BYTES, sseResponse, type SseChannel } from "./sse";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "sse-test-link-signing-secret-0123456789abcdef";
});

let server: Listening | undefined;
afterEach(() => server?.close());

/** A stream's raw HTTP/1.1 answer, read from a socket until `until` holds of it. */
function rawAnswer(url: string, until: (raw: string) => boolean): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`GET / HTTP/1.1\r\nhost: ${hostname}\r\n\r\n`));
    let raw = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      raw += chunk;
      if (!until(raw)) return;
      resolve(raw);
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

/** The body's chunks of a chunked HTTP/1.1 answer, as the server framed them. */
function chunksOf(raw: string): string[] {
  let rest = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const chunks: string[] = [];
  while (rest) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (Number.isNaN(size) || rest.length < lineEnd + 2 + size) break;
    chunks.push(rest.slice(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.slice(lineEnd + 4 + size);
  }
  return chunks;
}

describe("a live stream over HTTP", () => {
  it("is written to Node's response itself, the messages of one turn of the event loop in one write", async () => {
    let channel: SseChannel | undefined;
    server = await listen((_request, outgoing) => {
      sseResponse({ request: new Request("http://service.test/"), outgoing }, (opened) => {
        channel = opened;
        return () => {};
      });
    });
    const answer = rawAnswer(server.url, (raw) => raw.includes('{"third":3}'));
    await vi.waitFor(() => expect(channel).toBeDefined());
    // The stream opened (its first chunk out) before these: they go out together, after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    channel!.send({ first: 1 });
    channel!.sendJson('{"second":2}');
    channel!.send({ third: 3 });
    const raw = await answer;
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw.toLowerCase()).toContain("content-type: text/event-stream");
    expect(chunksOf(raw)).toEqual(["retry: 1000\n: open\n\n", 'data: {"first":1}\n\ndata: {"second":2}\n\ndata: {"third":3}\n\n']);
    channel!.close();
  });
});

describe("a live stream without a socket (in-process callers)", () => {
  it("is a web stream, and one whose reader falls MAX_UNSENT_BYTES behind is cut", async () => {
    let channel: SseChannel | undefined;
    const response = sseResponse({ request: new Request("http://service.test/"), outgoing: undefined }, (opened) => {
      channel = opened;
      return () => {};
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    await vi.waitFor(() => expect(channel).toBeDefined());
    const megabyte = "x".repeat(1024 * 1024);
    // Nobody reads: each turn's writes stay queued, until more than the bound is.
    for (let sent = 0; sent <= MAX_UNSENT_BYTES / megabyte.length + 1; sent++) {
      channel!.sendJson(JSON.stringify(megabyte));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const reader = response.body!.getReader();
    const read = async () => {
      for (;;) if ((await reader.read()).done) return;
    };
    await expect(read()).rejects.toThrow(/fell too far behind/);
  });
});
