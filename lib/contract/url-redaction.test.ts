import { describe, expect, it } from "vitest";
import { DEFAULT_URL_REDACTED_PARAMS, redactUrl } from "./url-redaction";

const redact = (url: string, params: readonly string[] = DEFAULT_URL_REDACTED_PARAMS) => redactUrl(url, params);

describe("redactUrl", () => {
  it("drops the fragment and the values of parameters whose names look secret, by default", () => {
    expect(redact("https://shop.example.com/?reset_token=abc#frag")).toBe("https://shop.example.com/?reset_token=");
    expect(redact("https://shop.example.com/cb?code=4%2F0Ab&state=xyz&scope=email")).toBe("https://shop.example.com/cb?code=&state=&scope=email");
    expect(redact("https://shop.example.com/#access_token=abc")).toBe("https://shop.example.com/");
  });

  it("matches name fragments case-insensitively and on the decoded name", () => {
    expect(redact("https://a.example/?X-Amz-Signature=s1&Session_ID=s2&api%5Fkey=s3&q=shoes")).toBe(
      "https://a.example/?X-Amz-Signature=&Session_ID=&api%5Fkey=&q=shoes",
    );
  });

  it("keeps the rest of the query byte for byte, names without values and malformed encoding included", () => {
    expect(redact("https://a.example/p?q=a+b%20c&flag&x=%E0%A4%A&token")).toBe("https://a.example/p?q=a+b%20c&flag&x=%E0%A4%A&token");
    expect(redact("https://a.example/p?%E0%A4%A=1&page=2")).toBe("https://a.example/p?%E0%A4%A=1&page=2");
  });

  it("drops user info from the address", () => {
    expect(redact("https://alice:hunter2@a.example/login?next=/")).toBe("https://a.example/login?next=/");
  });

  it("follows the team's own list, and an empty list keeps every value", () => {
    expect(redact("https://a.example/?ref=mail&code=42&promo=x", ["ref", "PROMO"])).toBe("https://a.example/?ref=&code=42&promo=");
    expect(redact("https://a.example/?token=abc#top", [])).toBe("https://a.example/?token=abc");
  });

  it("leaves a URL without query or fragment as it is", () => {
    expect(redact("https://a.example/cart")).toBe("https://a.example/cart");
    expect(redact("")).toBe("");
  });
});
