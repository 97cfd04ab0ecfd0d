import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleScript, SCRIPT_VERSION, VISITOR_BUNDLES } from "./build-visitor-script";

const base = VISITOR_BUNDLES.find((bundle) => bundle.output === "public/cobrowse.js")!;
const SERVICE = "https://cobrowse.example.com";

interface SentRequest {
  url: string;
  body: Record<string, unknown>;
}

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

/** Just enough of a page for the script to boot, register and open its stream; the service answers the registration. */
function runOnPage(code: string) {
  const requests: SentRequest[] = [];
  const ignore = () => undefined;
  const page: Record<string, unknown> = {
    document: {
      currentScript: { dataset: { publicKey: "pk_test" }, src: `${SERVICE}/cobrowse.js` },
      querySelector: () => null,
      querySelectorAll: () => [],
      getElementById: () => null,
      addEventListener: ignore,
      body: null,
      title: "Cart",
      referrer: "",
    },
    location: { href: "https://shop.example.com/cart" },
    history: { pushState: ignore, replaceState: ignore },
    Element: class {
      attachShadow() {}
    },
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    addEventListener: ignore,
    setInterval: () => 0,
    clearInterval: ignore,
    setTimeout,
    clearTimeout,
    console,
    URL,
    AbortController,
    crypto: globalThis.crypto,
    fetch: async (url: string, init: RequestInit) => {
      requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : {} });
      if (!url.endsWith("/collect/register")) return new Promise(() => undefined); // the live stream stays open
      const settings = { requireAuthorization: false, maskingSelectors: [], frameOrigins: [], canvasCapture: false, urlRedactedParams: [] };
      return Response.json({ status: "ok", visitorId: "v1", token: "vt_1", lookupCode: "1234", heartbeatSeconds: 10, settings });
    },
  };
  page.window = page;
  page.parent = page;
  vm.runInNewContext(code, page);
  return { page: page as { Tandem?: { version: string } }, requests };
}

describe("the visitor script's base bundle", () => {
  let bundle: Awaited<ReturnType<typeof bundleScript>>;
  beforeAll(async () => {
    bundle = await bundleScript(base);
  }, 60_000);

  it("calls its endpoints by their routes without bundling a schema, and stays within its budget", () => {
    expect(bundle.inputs).toContain("lib/contract/endpoints/collect-routes.ts");
    expect(bundle.inputs.filter((input) => /zod|hono|lib\/contract\/(endpoints\/collect|live|visitor-protocol)\.ts$/.test(input))).toEqual([]);
    expect(gzipSync(bundle.code).length).toBeLessThanOrEqual(base.budgetBytes);
  });

  it("stamps its version: Tandem.version, and scriptVersion in the registration it sends to the declared path, with the new visitor's registration key", async () => {
    const { page, requests } = runOnPage(Buffer.from(bundle.code).toString("utf8"));
    expect(SCRIPT_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(page.Tandem?.version).toBe(SCRIPT_VERSION);
    expect(requests[0]).toMatchObject({
      url: `${SERVICE}/collect/register`,
      body: { publicKey: "pk_test", scriptVersion: SCRIPT_VERSION, registrationKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    await expect.poll(() => requests.map((request) => request.url)).toContain(`${SERVICE}/collect/live/stream`);
  });
});

describe("the remote console's bundle", () => {
  it("is a bundle of its own, without a schema, within its budget; the base script does not carry its code", async () => {
    const remoteConsole = VISITOR_BUNDLES.find((bundle) => bundle.output === "public/cobrowse-console.js")!;
    const [consoleBundle, baseBundle] = await Promise.all([bundleScript(remoteConsole), bundleScript(base)]);
    expect(consoleBundle.inputs).toContain("lib/visitor/remote-console/console-text.ts");
    expect(consoleBundle.inputs.filter((input) => /zod|lib\/contract\/(remote-console|live)\.ts$/.test(input))).toEqual([]);
    expect(gzipSync(consoleBundle.code).length).toBeLessThanOrEqual(remoteConsole.budgetBytes);
    expect(baseBundle.inputs.filter((input) => /lib\/visitor\/console-(capture|text)\.ts$/.test(input))).toEqual([]);
  }, 60_000);
});

describe("the voice calls' bundle", () => {
  it("is a bundle of its own, without a schema, within its budget; the base script does not carry its code", async () => {
    const calls = VISITOR_BUNDLES.find((bundle) => bundle.output === "public/cobrowse-call.js")!;
    const [callBundle, baseBundle] = await Promise.all([bundleScript(calls), bundleScript(base)]);
    expect(callBundle.inputs).toEqual(expect.arrayContaining(["lib/visitor/call/visitor-call.ts", "lib/webrtc/peer.ts"]));
    expect(callBundle.inputs.filter((input) => /zod|lib\/contract\/(call|live)\.ts$/.test(input))).toEqual([]);
    expect(gzipSync(callBundle.code).length).toBeLessThanOrEqual(calls.budgetBytes);
    expect(baseBundle.inputs.filter((input) => /lib\/visitor\/call\/|lib\/webrtc\//.test(input))).toEqual([]);
  }, 60_000);
});
