import { describe, expect, it } from "vitest";
import { redactUrl } from "@/lib/contract/url-redaction";
import { capped, describeValue, formatArguments, redact, REDACTED, redactUrlsIn, secretForms } from "./console-text";

describe("the remote console's text", () => {
  it("writes arguments much as a browser's console does, with format directives applied", () => {
    expect(formatArguments(["cart total", 42, { items: 2, tags: ["a", "b"] }, null, undefined])).toBe(
      'cart total 42 {items: 2, tags: ["a", "b"]} null undefined',
    );
    expect(formatArguments(["%s has %d items%c, 100%%", "cart", "3.7", "color: red"])).toBe("cart has 3 items, 100%");
    expect(formatArguments([function pay() {}])).toBe("ƒ pay()");
  });

  it("describes an element by its tag, id and classes, never its value", () => {
    const field = { nodeType: 1, nodeName: "INPUT", tagName: "INPUT", id: "card", className: "field wide", value: "4242 4242", textContent: "" };
    expect(describeValue(field)).toBe("<input#card.field.wide>");
    expect(describeValue({ form: field })).toBe("{form: <input#card.field.wide>}");
  });

  it("survives cycles, getters that throw, deep and huge values", () => {
    const loop: Record<string, unknown> = { name: "loop" };
    loop.self = loop;
    expect(describeValue(loop)).toBe('{name: "loop", self: [Circular]}');
    const hostile = Object.defineProperty({}, "boom", {
      enumerable: true,
      get: () => {
        throw new Error("no");
      },
    });
    expect(describeValue(hostile)).toBe('{boom: "[unreadable]"}');
    expect(describeValue({ a: { b: { c: { d: { e: 1 } } } } })).toBe("{a: {b: {c: {d: {…}}}}}");
    expect(describeValue(Array.from({ length: 10_000 }, (_, index) => index)).length).toBeLessThan(2000);
    expect(describeValue(Array.from({ length: 150 }, () => 0))).toBe(`[${Array(150).fill(0).join(", ")}]`);
  });

  it("writes an error with its stack", () => {
    const error = new TypeError("card declined");
    expect(describeValue(error)).toContain("TypeError: card declined\n    at ");
  });

  it("redacts every occurrence of a secret, the longest first, and caps the text", () => {
    expect(redact("code 1234-5678 and 1234-5678, part 1234", ["1234-5678", "1234"])).toBe(`code ${REDACTED} and ${REDACTED}, part ${REDACTED}`);
    expect(capped("x".repeat(10), 5)).toBe("xxxx…");
    expect(capped("short", 5)).toBe("short");
  });

  it("redacts a secret escaped inside a logged object or JSON, and percent-encoded in a query or a form body", () => {
    const secrets = secretForms(['pa"ss\\word é&more']);
    expect(redact(describeValue({ login: { password: 'pa"ss\\word é&more' } }), secrets)).toBe(`{login: {password: "${REDACTED}"}}`);
    expect(redact(JSON.stringify({ password: 'pa"ss\\word é&more' }), secrets)).toBe(`{"password":"${REDACTED}"}`);
    expect(redact(`q=${encodeURIComponent('pa"ss\\word é&more')}`, secrets)).toBe(`q=${REDACTED}`);
    expect(redact("q=pa%22ss%5Cword+%C3%A9%26more", secrets)).toBe(`q=${REDACTED}`);
  });

  it("runs the team's URL redaction over URLs in text and stacks, absolute or a path with a query", () => {
    const rule = (url: string) => redactUrl(url, ["token", "session"]);
    const base = "https://shop.example.com/checkout";
    expect(redactUrlsIn("redirecting to https://auth.example.com/cb?token=abc&step=2 now", rule, base)).toBe(
      "redirecting to https://auth.example.com/cb?token=&step=2 now",
    );
    expect(redactUrlsIn('GET "/account?session=s3cr3t&tab=1" failed', rule, base)).toBe('GET "/account?session=&tab=1" failed');
    expect(redactUrlsIn("Error: boom\n    at load (https://cdn.example.com/app.js?token=t0k:1:2)", rule, base)).toBe(
      "Error: boom\n    at load (https://cdn.example.com/app.js?token=:1:2)",
    );
    expect(redactUrlsIn("plain text, a/b?c and 3/4 stay", rule, base)).toBe("plain text, a/b?c and 3/4 stay");
  });
});
