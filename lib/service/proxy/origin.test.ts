import { describe, expect, it } from "vitest";
import { sharedHostWarning } from "./origin";

describe("the warning at start about the proxy's host name", () => {
  it("is given when the proxy shares the console's host name (cookies ignore ports), unless on this machine", () => {
    expect(sharedHostWarning("https://tandem.example.com", "https://tandem.example.com:3001")).toContain("PROXY_PUBLIC_URL");
    expect(sharedHostWarning("http://10.0.0.5:3000", "http://10.0.0.5:3001")).toContain("10.0.0.5");
    expect(sharedHostWarning("https://Tandem.Example.com", "https://tandem.example.com:8443")).not.toBeNull();
    // A host name of its own, or a developer's machine.
    expect(sharedHostWarning("https://tandem.example.com", "https://proxy.example.net")).toBeNull();
    expect(sharedHostWarning("http://localhost:3000", "http://localhost:3001")).toBeNull();
    expect(sharedHostWarning("http://127.0.0.1:3000", "http://127.0.0.1:3001")).toBeNull();
    expect(sharedHostWarning("http://[::1]:3000", "http://[::1]:3001")).toBeNull();
    expect(sharedHostWarning("http://tandem.localhost:3000", "http://tandem.localhost:3001")).toBeNull();
  });
});
