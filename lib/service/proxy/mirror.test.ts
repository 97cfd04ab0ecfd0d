import { describe, expect, it } from "vitest";
import { mirroredJson } from "./mirror";

describe("mirroredJson", () => {
  it("serializes a message once for all the viewers of its session", () => {
    let serializations = 0;
    const message = { type: "custom", message: { toJSON: () => (serializations++, "hello") } };
    const viewers = [mirroredJson("s_one", "http://proxy.test"), mirroredJson("s_one", "http://proxy.test")];
    expect(viewers.map((asJson) => asJson(message))).toEqual(['{"type":"custom","message":"hello"}', '{"type":"custom","message":"hello"}']);
    expect(serializations).toBe(1);
  });
});
