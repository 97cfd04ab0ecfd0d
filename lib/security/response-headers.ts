/**
 * Headers every answer of Tandem carries (pages, the service's API, the visitor script, static files).
 * Pages add their Content-Security-Policy (proxy.ts); watch pages send no referrer at all.
 */

/** Powerful features no Tandem page uses: refused to the page and everything it frames. */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
];

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ");

/**
 * The pages of a voice call: the watch page (the agent's microphone and camera) and the sample shop (a
 * visitor's microphone). They may ask for these two, for themselves only, never for what they frame.
 */
const CALL_PAGE = /^\/(watch|demo)(\/|$)/;
const CALL_PERMISSIONS_POLICY = [
  ...DENIED_FEATURES.filter((feature) => feature !== "camera" && feature !== "microphone").map((feature) => `${feature}=()`),
  "camera=(self)",
  "microphone=(self)",
].join(", ");

/** The Permissions-Policy of the answer at `pathname`. */
export function permissionsPolicyFor(pathname: string): string {
  return CALL_PAGE.test(pathname) ? CALL_PERMISSIONS_POLICY : PERMISSIONS_POLICY;
}

/** One year; no includeSubDomains: other hosts of the domain may not be served over https. */
const HSTS = "max-age=31536000";

/** The headers for every answer; HSTS only when Tandem's public URL is https. */
export function baseResponseHeaders(publicUrl: string): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(publicUrl.startsWith("https:") && { "Strict-Transport-Security": HSTS }),
  };
}
