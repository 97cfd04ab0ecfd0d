import type { HttpBindings } from "@hono/node-server";

/** The service's Hono environment: Node's request and response when served by Tandem's server, and the client's address. */
export interface ServiceEnv {
  Bindings: Partial<HttpBindings>;
  Variables: { clientAddress: string };
}
