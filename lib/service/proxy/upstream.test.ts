import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { VettedAddress } from "../outbound/address-guard";
import { fetchUpstream } from "./upstream";

// Two servers on one port, at two loopback addresses: the same site before and after its DNS changed.
const servers: Server[] = [];
let port = 0;
beforeAll(async () => {
  for (const address of ["127.0.0.1", "127.0.0.2"]) {
    const server = createServer((_req, res) => res.end(address));
    await new Promise<void>((resolve) => server.listen(port, address, resolve));
    port = (server.address() as AddressInfo).port;
    servers.push(server);
  }
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function answerOf(host: string, address: string): Promise<string> {
  const resolve = async (): Promise<VettedAddress[]> => [{ address, family: 4 }];
  const answer = await fetchUpstream({ method: "GET", target: new URL(`http://${host}:${port}/`), headers: {}, body: null }, { allowPrivate: true, resolve });
  return text(answer.body);
}

it("reuses a kept-alive connection only for the same host at the same checked addresses", async () => {
  expect(await answerOf("site.test", "127.0.0.1")).toBe("127.0.0.1");
  // The host's addresses changed: a new connection, to the address checked now, not the pooled one.
  expect(await answerOf("site.test", "127.0.0.2")).toBe("127.0.0.2");
  expect(await answerOf("site.test", "127.0.0.1")).toBe("127.0.0.1");
});
