import type { HttpBindings } from "@hono/node-server";

/**
 * The service's Hono environment: Node's request and response when served over HTTP, `inProcess` when
 * Tandem's server hands it a request of its own console (lib/client/in-process); and the client's address.
 */
export interface ServiceEnv {
  Bindings: Partial<HttpBindings> & { inProcess?: true };
  Variables: { clientAddress: string };
}
