import { describe, expect, it } from "vitest";
import { LRUCache } from "lru-cache";
import { assertPublicUrl, keptAnswers, UnsafeUrlError, type Resolver } from "./address-guard";

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

  // IPv6 forms that carry an IPv4 address a gateway would reach, and the special-purpose ranges around them.
  it.each([
    "http://[64:ff9b::10.0.0.1]/hook", // NAT64 well-known prefix
    "http://[64:ff9b::127.0.0.1]/hook",
    "http://[64:ff9b::8.8.8.8]/hook", // the whole NAT64 range, not only private embeddings
    "http://[64:ff9b:1::a00:1]/hook", // NAT64 local-use prefix
    "http://[::10.0.0.1]/hook", // IPv4-compatible
    "http://[::7f00:1]/hook",
    "http://[::ffff:8.8.8.8]/hook", // IPv4-mapped, whatever it maps
    "http://[::ffff:0:a9fe:a9fe]/hook", // IPv4-translated (SIIT) 169.254.169.254
    "http://[2002:a00:1::1]/hook", // 6to4 of 10.0.0.1
    "http://[2002:c0a8:101::1]/hook", // 6to4 of 192.168.1.1
    "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/hook", // Teredo, client 10.0.0.1
    "http://[2001:db8::1]/hook", // documentation
    "http://[3fff::1]/hook", // documentation
    "http://[100::1]/hook", // discard
  ])("refuses %s", async (url) => {
    await refuse(url);
  });

  it("refuses a host whose AAAA record is a NAT64 or 6to4 form of a private address", async () => {
    for (const address of ["64:ff9b::a9fe:a9fe", "2002:7f00:1::", "::a00:1"]) {
      const resolve: Resolver = async () => [{ address, family: 6 }];
      await expect(assertPublicUrl("https://hooks.example.com/x", { allowPrivate: false, resolve })).rejects.toThrow(UnsafeUrlError);
    }
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

describe("keptAnswers", () => {
  /** A resolver that counts its lookups and answers `address`, or fails while `failing` says so. */
  const counting = (address: string) => {
    const state = { lookups: 0, failing: false };
    const resolve: Resolver = async () => {
      state.lookups++;
      await new Promise((settle) => setTimeout(settle, 5));
      if (state.failing) throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
      return [{ address, family: 4 }];
    };
    return { state, resolve };
  };

  it("looks a host up once while its answer lasts, however many ask at once", async () => {
    const { state, resolve } = counting("93.184.216.34");
    const kept = keptAnswers(resolve, new LRUCache({ max: 10, ttl: 60_000 }));
    const answers = await Promise.all([kept("shop.example.com"), kept("shop.example.com"), kept("shop.example.com")]);
    expect(await kept("shop.example.com")).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(answers.every((answer) => answer[0].address === "93.184.216.34")).toBe(true);
    expect(state.lookups).toBe(1);
    await kept("cdn.example.com");
    expect(state.lookups).toBe(2);
  });

  it("looks the host up again once its answer has expired", async () => {
    const { state, resolve } = counting("93.184.216.34");
    const kept = keptAnswers(resolve, new LRUCache({ max: 10, ttl: 30 }));
    await kept("shop.example.com");
    await new Promise((settle) => setTimeout(settle, 60));
    await kept("shop.example.com");
    expect(state.lookups).toBe(2);
  });

  it("keeps no failed lookup: the next request asks again", async () => {
    const { state, resolve } = counting("93.184.216.34");
    const kept = keptAnswers(resolve, new LRUCache({ max: 10, ttl: 60_000 }));
    state.failing = true;
    await expect(kept("shop.example.com")).rejects.toThrow("EAI_AGAIN");
    state.failing = false;
    expect(await kept("shop.example.com")).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(state.lookups).toBe(2);
  });

  it("checks a kept answer on every use: a private address is refused each time", async () => {
    const { resolve } = counting("10.0.0.7");
    const kept = keptAnswers(resolve, new LRUCache({ max: 10, ttl: 60_000 }));
    await expect(assertPublicUrl("https://intranet.example.com/", { allowPrivate: false, resolve: kept })).rejects.toThrow(UnsafeUrlError);
    await expect(assertPublicUrl("https://intranet.example.com/", { allowPrivate: false, resolve: kept })).rejects.toThrow(UnsafeUrlError);
    expect((await assertPublicUrl("https://intranet.example.com/", { allowPrivate: true, resolve: kept })).addresses).toEqual([
      { address: "10.0.0.7", family: 4 },
    ]);
  });
});
