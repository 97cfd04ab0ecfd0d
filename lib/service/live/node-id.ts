import { createHmac } from "node:crypto";

/**
 * What a node's live streams say of it in their `x-tandem-node` header: a keyed hash of its name, so that
 * operators (and tests) holding the link signing secret can tell which node served a stream, while
 * visitors learn nothing of the host (no host name, no process id) and cannot tell a name from it.
 */
export function opaqueNodeId(linkSigningSecret: string, nodeName: string): string {
  return createHmac("sha256", linkSigningSecret).update(`x-tandem-node\0${nodeName}`).digest("base64url").slice(0, 16);
}
