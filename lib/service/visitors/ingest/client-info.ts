import { UAParser } from "ua-parser-js";

export const DEVICE_TYPES = ["desktop", "console", "mobile", "tablet", "smarttv", "wearable", "embedded"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What the request itself tells about the visitor's browser, stored on register. */
export interface ClientInfo {
  ipAddress: string;
  browserName: string | null;
  deviceType: DeviceType;
  deviceName: string | null;
}

// Desktops have no model in their user agent: name them after their OS, as people do.
const DESKTOP_NAMES: Record<string, string> = { Windows: "Windows PC", "Mac OS": "Mac", Linux: "Linux PC", "Chromium OS": "Chromebook", Ubuntu: "Linux PC" };

export function deviceFromUserAgent(userAgent: string): Omit<ClientInfo, "ipAddress"> {
  const { browser, device, os } = new UAParser(userAgent).getResult();
  // ua-parser-js leaves the type undefined for ordinary computers.
  const deviceType = (DEVICE_TYPES as readonly string[]).includes(device.type ?? "") ? (device.type as DeviceType) : "desktop";
  const model = device.model === "Macintosh" ? "Mac" : device.model;
  const deviceName = model || (os.name ? (DESKTOP_NAMES[os.name] ?? os.name) : null);
  return { browserName: browser.name ?? null, deviceType, deviceName: deviceName ?? null };
}

/** What the request tells of the visitor: its address (lib/client-address.ts) and its browser. */
export function clientInfo(headers: Headers, address: string): ClientInfo {
  return { ipAddress: address, ...deviceFromUserAgent(headers.get("user-agent") ?? "") };
}
