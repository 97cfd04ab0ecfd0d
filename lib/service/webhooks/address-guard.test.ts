import { describe, expect, it } from "vitest";
import { assertPublicUrl, UnsafeUrlError, type Resolver } from "./address-guard";

// No test here sends traffic: literal IPs are only checked, and host names go to a fake resolver.
const refuse = (url: string, resolve?: Resolver) => expect(assertPublicUrl(url, { allowPrivate: false, resolve })).rejects.toThrow(UnsafeUrlError);

describe("assertPublicUrl", () => {
  it.each([
    "http://127.0.0.1/hook",
    "http://127.9.9.9/hook",
    "http://0.0.0.0/hook",
    "http://10.1.2.3/hook",
    "http://172.16.0.1/hook",
    "http://172.31.255.255/hook",
    "http://192.168.1.1/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/hook",
    "http://224.0.0.1/hook",
    "http://255.255.255.255/hook",
    "http://[::1]/hook",
    "http://[::]/hook",
    "http://[fe80::1]/hook",
    "http://[fd12:3456::1]/hook",
    "http://[ff02::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:10.0.0.1]/hook",
    "http://2130706433/hook", // 127.0.0.1 written as one number
  ])("refuses %s", async (url) => {
    await refuse(url);
  });

  it("allows a public literal address and returns it as the address to connect to", async () => {
    const target = await assertPublicUrl("https://93.184.216.34/hook", { allowPrivate: false });
    expect(target.addresses).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(target.url.href).toBe("https://93.184.216.34/hook");
    await expect(assertPublicUrl("http://[2606:2800:220:1:248:1893:25c8:1946]/", { allowPrivate: false })).resolves.toBeTruthy();
    await expect(assertPublicUrl("http://172.32.0.1/", { allowPrivate: false })).resolves.toBeTruthy(); // just past 172.16/12
  });

  it("refuses a host when any one of its addresses is private", async () => {
    const resolve: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    await expect(assertPublicUrl("https://hooks.example.com/x", { allowPrivate: false, resolve })).rejects.toThrow(
      /hooks\.example\.com resolves to 10\.0\.0\.5/,
    );
    const publicOnly: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    const target = await assertPublicUrl("https://hooks.example.com/x", { allowPrivate: false, resolve: publicOnly });
    expect(target.addresses).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });

  it("lets private addresses through with allowPrivate", async () => {
    const target = await assertPublicUrl("http://127.0.0.1:8080/hook", { allowPrivate: true });
    expect(target.addresses).toEqual([{ address: "127.0.0.1", family: 4 }]);
  });

  it.each(["ftp://93.184.216.34/x", "file:///etc/passwd", "javascript:alert(1)", "gopher://93.184.216.34/", "not a url"])(
    "refuses %s even with allowPrivate",
    async (url) => {
      await expect(assertPublicUrl(url, { allowPrivate: true })).rejects.toThrow(UnsafeUrlError);
    },
  );
});
