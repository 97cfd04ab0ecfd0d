import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { secretKey, signatureHeaders, signWebhook, verifySignature } from "./sign";

const keyBytes = Buffer.from("a 32-byte key for the webhook mac", "utf8");
const secret = `whsec_${keyBytes.toString("base64")}`;
const body = JSON.stringify({ id: "s_1", status: "ended" });
const at = new Date("2025-01-02T03:04:05Z");
const seconds = Math.floor(at.getTime() / 1000);

describe("webhook signing", () => {
  it("matches an independent HMAC-SHA256 over id.timestamp.body", () => {
    const expected = createHmac("sha256", keyBytes).update(`msg_1.${seconds}.${body}`).digest("base64");
    expect(signatureHeaders(secret, "msg_1", body, at)).toEqual({
      "webhook-id": "msg_1",
      "webhook-timestamp": String(seconds),
      "webhook-signature": `v1,${expected}`,
    });
  });

  it("decodes base64 and base64url secrets to the same key", () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, 0x3e, 0x3f, 0x00, 0x01]); // needs + / in base64, - _ in base64url
    expect(secretKey(`whsec_${bytes.toString("base64")}`)).toEqual(bytes);
    expect(secretKey(`whsec_${bytes.toString("base64url")}`)).toEqual(bytes);
  });

  it("verifies its own signature and refuses any change", () => {
    const headers = signatureHeaders(secret, "msg_1", body, at);
    expect(verifySignature(secret, headers, body, 300, at)).toBe(true);
    expect(verifySignature(secret, new Headers(headers), body, 300, at)).toBe(true);

    expect(verifySignature(secret, headers, body.replace("ended", "ongoing"), 300, at)).toBe(false);
    expect(verifySignature(secret, { ...headers, "webhook-id": "msg_2" }, body, 300, at)).toBe(false);
    expect(verifySignature(secret, { ...headers, "webhook-timestamp": String(seconds + 1) }, body, 300, at)).toBe(false);
    const otherSecret = `whsec_${Buffer.from("another key entirely, 32 bytes!!").toString("base64")}`;
    expect(verifySignature(otherSecret, headers, body, 300, at)).toBe(false);
    expect(verifySignature(secret, { ...headers, "webhook-signature": "v2," + headers["webhook-signature"].slice(3) }, body, 300, at)).toBe(false);
    expect(verifySignature(secret, { "webhook-id": "msg_1" }, body, 300, at)).toBe(false);
  });

  it("refuses timestamps outside the tolerance, old or future", () => {
    const headers = signatureHeaders(secret, "msg_1", body, at);
    expect(verifySignature(secret, headers, body, 300, new Date(at.getTime() + 299_000))).toBe(true);
    expect(verifySignature(secret, headers, body, 300, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignature(secret, headers, body, 300, new Date(at.getTime() - 301_000))).toBe(false);
    expect(verifySignature(secret, signatureHeaders(secret, "msg_1", body), body)).toBe(true); // default: now, 5 min
  });

  it("accepts any one of several space-separated signatures", () => {
    const good = signWebhook(secret, "msg_1", seconds, body);
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(seconds), "webhook-signature": `v1,AAAA v1a,xyz ${good}` };
    expect(verifySignature(secret, headers, body, 300, at)).toBe(true);
    expect(verifySignature(secret, { ...headers, "webhook-signature": "v1,AAAA v1,BBBB" }, body, 300, at)).toBe(false);
  });
});
