import net from "node:net";

export interface TcpProxy {
  port: number;
  /**
   * The network between the two sides fails silently, as in a partition: nothing passes either way and
   * new connections are taken but never reach the target. Nothing is closed: bytes in flight are held.
   */
  cut: () => void;
  /** The network is back: what was held passes, held connections reach the target. */
  heal: () => void;
  close: () => Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `targetPort`, whose link a test can cut and heal. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let isCut = false;
  const sockets = new Set<net.Socket>();
  /** What waits for the link to heal: bytes to pass on, connections to make. */
  const held: (() => void)[] = [];
  const whenLinked = (step: () => void) => (isCut ? held.push(step) : step());

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("error", () => socket.destroy()).on("close", () => sockets.delete(socket));
  };
  /** Passes `from`'s bytes to `to`, holding them while the link is cut. */
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => whenLinked(() => to.destroyed || to.write(chunk)));
    from.on("close", () => whenLinked(() => to.destroy()));
  };

  const server = net.createServer((client) => {
    track(client);
    const upstream = new Promise<net.Socket>((resolve) =>
      whenLinked(() => {
        const socket = net.connect(targetPort, "127.0.0.1");
        track(socket);
        resolve(socket);
      }),
    );
    const early: Buffer[] = [];
    const keep = (chunk: Buffer) => early.push(chunk);
    client.on("data", keep);
    void upstream.then((socket) => {
      client.off("data", keep);
      for (const chunk of early) socket.write(chunk);
      if (client.destroyed) return void socket.destroy();
      forward(client, socket);
      forward(socket, client);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => void (isCut = true),
    heal: () => {
      isCut = false;
      for (const step of held.splice(0)) step();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
