import { clientAddressFromHeader } from "@/lib/client-address";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/**
 * The caller's address for the audit log and the sign-in throttle: the one Tandem's server worked out from
 * the connection and the trusted proxies (TRUSTED_PROXIES), never a forwarding header as the client sent it.
 */
export function clientIp(headers: HeaderBag): string | null {
  return clientAddressFromHeader((name) => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return Array.isArray(value) ? value[0] : value;
  });
}
