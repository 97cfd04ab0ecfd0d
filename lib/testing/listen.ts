import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves `listener` on 127.0.0.1 and a free port, for a test; `close` drops open connections too. */
export async function listen(listener: RequestListener): Promise<Listening> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
