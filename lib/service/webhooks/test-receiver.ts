import http from "node:http";
import type { AddressInfo } from "node:net";

/** Test-only: a real HTTP receiver on 127.0.0.1 that records requests and answers as told. */
export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
export type Reply = { status: number; headers?: Record<string, string> } | "hang";

export async function startReceiver() {
  const received: Received[] = [];
  let reply: (request: Received) => Reply = () => ({ status: 204 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const answer = reply(request);
      if (answer === "hang") return; // never answers: exercises the sender's timeout
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    answer(next: (request: Received) => Reply) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
