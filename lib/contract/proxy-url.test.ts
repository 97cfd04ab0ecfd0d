import { describe, expect, it } from "vitest";
import { fromProxyUrl, proxySessionPath, toProxyUrl } from "./proxy-url";

const origin = "http://127.0.0.1:3001";

describe("proxied addresses", () => {
  it("carry the session, scheme, host, port, path, query and fragment, and read back the same", () => {
    const proxied = toProxyUrl("https://shop.example.com:8443/a/b?q=1&r=%20#top", origin, "ps_1");
    expect(proxied).toBe("http://127.0.0.1:3001/s/ps_1/https/shop.example.com:8443/a/b?q=1&r=%20#top");
    const back = fromProxyUrl(proxied!, origin);
    expect(back?.sessionId).toBe("ps_1");
    expect(back?.target.href).toBe("https://shop.example.com:8443/a/b?q=1&r=%20#top");
  });

  it("leave other schemes alone", () => {
    for (const url of ["data:text/plain,hi", "blob:https://a.example/x", "mailto:a@b.c", "javascript:alert(1)"]) {
      expect(toProxyUrl(url, origin, "ps_1")).toBeNull();
    }
  });

  it("have no name for the hosts `.` and `..` (a path would lose them), however they are spelled", () => {
    for (const url of ["https://./", "http://../x", "https://%2e/", "https://。/"]) {
      expect(toProxyUrl(url, origin, "ps_1")).toBeNull();
    }
    expect(toProxyUrl("https://..:8080/", origin, "ps_1")).toBe("http://127.0.0.1:3001/s/ps_1/https/..:8080/");
  });

  it("read a path on the proxy origin, and refuse what is not a proxied address", () => {
    expect(fromProxyUrl("/s/ps_2/http/localhost:8080/", origin)?.target.href).toBe("http://localhost:8080/");
    expect(fromProxyUrl("http://other.example/s/ps_2/http/a.example/", origin)).toBeNull();
    expect(fromProxyUrl("/s/ps_2/ftp/a.example/", origin)).toBeNull();
    expect(fromProxyUrl("/s/ps_2/http/", origin)).toBeNull();
    expect(fromProxyUrl("/s/ps_2/http/a.example@evil.example/", origin)).toBeNull();
    expect(fromProxyUrl("/favicon.ico", origin)).toBeNull();
  });

  it("scope a session's path", () => {
    expect(proxySessionPath("ps_3")).toBe("/s/ps_3/");
  });
});
