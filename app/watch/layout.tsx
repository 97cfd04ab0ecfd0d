import type { Metadata } from "next";

/**
 * Watch and replay pages send no Referer (proxy.ts sends the Referrer-Policy header too):
 * the visitor's page replayed in them loads images and stylesheets from hosts of its own.
 */
export const metadata: Metadata = { referrer: "no-referrer" };

export default function WatchLayout({ children }: { children: React.ReactNode }) {
  return children;
}
