import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { countedInFlight, drain, isDraining, trackListener, trackStream } from "./draining";

/** Whether a new connection to the port is taken. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });

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
    trackListener(server);
    const answer = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await expect.poll(() => typeof finish).toBe("function");

    void drain(1_000);
    expect(await accepts(port)).toBe(false); // the load balancer's next connection goes to another node
    finish();
    expect(await answer).toBe("written");
  });
});
