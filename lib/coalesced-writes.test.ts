import { once } from "node:events";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesced-writes";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** The methods by which a net.Socket hands what it holds to the system: one call, one write. */
type SocketWrites = Record<"_write" | "_writev", (...args: unknown[]) => void>;

/** Serves one answer with `respond`, counting the writes its socket makes; resolves with them and the body read. */
async function serve(respond: (res: ServerResponse, received: (text: string) => Promise<void>) => Promise<void>, coalesce: boolean) {
  let writes = 0;
  const readSoFar: { text: string; waiting: { text: string; resolve: () => void }[] } = { text: "", waiting: [] };
  const received = (text: string) => new Promise<void>((resolve) => readSoFar.waiting.push({ text, resolve }));
  server = createServer((_req, res) => {
    const socket = res.socket as unknown as SocketWrites;
    for (const method of ["_write", "_writev"] as const) {
      const original = socket[method].bind(socket);
      socket[method] = (...args) => {
        writes++;
        original(...args);
      };
    }
    if (coalesce) coalesceWrites(res);
    void respond(res, received);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const answer = request({ port, host: "127.0.0.1", path: "/" }).end();
  const [response] = (await once(answer, "response")) as [IncomingMessage];
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    readSoFar.text += chunk;
    for (const wait of readSoFar.waiting.filter((wait) => readSoFar.text.includes(wait.text))) wait.resolve();
  });
  await once(response, "end");
  return { writes, body: readSoFar.text };
}

/** What Next does with an answer ready at once: the head, then each chunk, then the end, a microtask apart. */
const allAtOnce = async (res: ServerResponse) => {
  res.flushHeaders();
  res.write("0:{}\n");
  await Promise.resolve();
  res.write('1:{"ok":true}\n');
  await Promise.resolve();
  res.end();
};

describe("coalesceWrites", () => {
  it("sends the head, the chunks and the end ready in one turn in one write", async () => {
    expect(await serve(allAtOnce, true)).toEqual({ writes: 1, body: '0:{}\n1:{"ok":true}\n' });
    // Node alone writes the head apart, and the end apart again.
    expect((await serve(allAtOnce, false)).writes).toBeGreaterThan(1);
  });

  it("still sends a streamed chunk before the answer ends", async () => {
    const streamed = await serve(async (res, received) => {
      res.flushHeaders();
      res.write("first chunk ");
      await received("first chunk"); // never, if the chunk were held until the end
      res.end("last chunk");
    }, true);
    expect(streamed.body).toBe("first chunk last chunk");
  });
});
