import http from "node:http";
import net from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { countedInFlight, drain, isDraining, trackListener, trackStream } from "./draining";

/** Whether a new connection to the port is taken. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });

// Each test starts with a node that is not draining.
beforeEach(() => void delete (globalThis as Record<symbol, unknown>)[Symbol.for("tandem.draining")]);

describe("drain", () => {
  it("closes the live streams at once, waits for requests in flight, then resolves", async () => {
    const closed: string[] = [];
    trackStream(() => closed.push("visitor stream"));
    const untrack = trackStream(() => closed.push("gone already"));
    untrack();
    let finish!: () => void;
    const request = countedInFlight(() => new Promise<string>((resolve) => (finish = () => resolve("written"))));

    let drained = false;
    const draining = drain(5_000).then((idle) => (drained = idle));
    expect(isDraining()).toBe(true);
    expect(closed).toEqual(["visitor stream"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drained).toBe(false); // the request is still writing

    finish();
    expect(await request).toBe("written");
    await draining;
    expect(drained).toBe(true);
  });

  it("gives up after the timeout when a request never finishes", async () => {
    void countedInFlight(() => new Promise(() => undefined));
    const started = Date.now();
    expect(await drain(100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it("stops taking connections at once, and still answers the request in flight", async () => {
    let finish!: () => void;
    const server = http.createServer(
      (_request, response) => void countedInFlight(() => new Promise<void>((resolve) => (finish = resolve))).then(() => response.end("written")),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    trackListener(server, { behindProxy: false });
    const answer = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await expect.poll(() => typeof finish).toBe("function");

    void drain(1_000);
    expect(await accepts(port)).toBe(false); // the load balancer's next connection goes to another node
    finish();
    expect(await answer).toBe("written");
  });

  it("behind a load balancer, leaves its idle connections for it to close, and then goes", async () => {
    const server = http.createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    trackListener(server, { behindProxy: true });
    const balancer = new http.Agent({ keepAlive: true });
    const get = () =>
      new Promise<string>((resolve) =>
        http.get({ port, host: "127.0.0.1", agent: balancer }, (response) => response.on("data", (chunk) => resolve(String(chunk)))),
      );
    expect(await get()).toBe("ok");

    let drained = false;
    const draining = drain(5_000).then((idle) => (drained = idle));
    expect(await accepts(port)).toBe(false);
    // The balancer's idle connection is still open: a request it sends on it now is served.
    expect(await get()).toBe("ok");
    expect(drained).toBe(false);
    balancer.destroy(); // its keepalive_timeout passed
    await draining;
    expect(drained).toBe(true);
  });
});
