/**
 * The client's address: the connection's peer, or, behind `trustedHops` proxies, the address the
 * outermost of them saw. Proxies append to X-Forwarded-For, so it is counted from the right: entries
 * to the left of the trusted ones are the client's to write, and a rate limit keyed on them would be
 * the client's to choose.
 */
export function clientAddress(headers: Headers, peer: string | undefined, trustedHops: number): string {
  if (trustedHops > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const seen = hops[hops.length - trustedHops];
    if (seen) return seen.slice(0, 64); // a header is not to be trusted with the column's size
  }
  return (peer ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}
