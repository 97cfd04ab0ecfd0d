type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** The caller's address as the nearest proxy reports it (first X-Forwarded-For hop), for the audit log. */
export function clientIp(headers: HeaderBag): string | null {
  const read = (name: string) => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const forwarded = read("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || read("x-real-ip") || null;
}
