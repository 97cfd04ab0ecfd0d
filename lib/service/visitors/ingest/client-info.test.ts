import { describe, expect, it } from "vitest";
import { clientInfo, deviceFromUserAgent } from "./client-info";

const UA = {
  windowsChrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  pixel: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
};

describe("deviceFromUserAgent", () => {
  it("calls computers desktops (ua-parser-js leaves their type undefined) and names them after their OS", () => {
    expect(deviceFromUserAgent(UA.windowsChrome)).toEqual({ browserName: "Chrome", deviceType: "desktop", deviceName: "Windows PC" });
    expect(deviceFromUserAgent(UA.mac)).toEqual({ browserName: "Safari", deviceType: "desktop", deviceName: "Mac" });
  });

  it("keeps the device types and models ua-parser-js detects", () => {
    expect(deviceFromUserAgent(UA.iphone)).toEqual({ browserName: "Mobile Safari", deviceType: "mobile", deviceName: "iPhone" });
    expect(deviceFromUserAgent(UA.ipad)).toEqual({ browserName: "Mobile Safari", deviceType: "tablet", deviceName: "iPad" });
    expect(deviceFromUserAgent(UA.pixel)).toEqual({ browserName: "Chrome", deviceType: "mobile", deviceName: "Pixel 8" });
  });

  it("answers nulls, not junk, for an unknown or missing user agent", () => {
    expect(deviceFromUserAgent("")).toEqual({ browserName: null, deviceType: "desktop", deviceName: null });
    expect(deviceFromUserAgent("curl/8.0")).toEqual({ browserName: null, deviceType: "desktop", deviceName: null });
  });
});

describe("clientInfo", () => {
  it("takes the address it is given and the browser from the user agent", () => {
    const headers = new Headers({ "user-agent": UA.iphone, "x-forwarded-for": "198.51.100.9" });
    expect(clientInfo(headers, "2001:db8::1")).toEqual({ ipAddress: "2001:db8::1", browserName: "Mobile Safari", deviceType: "mobile", deviceName: "iPhone" });
  });
});
