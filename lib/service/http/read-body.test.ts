import { describe, expect, it } from "vitest";
import { ServiceError } from "../core/errors";
import { MAX_JSON_DEPTH, readJson } from "./read-body";

const post = (body: string) => new Request("http://service.test/", { method: "POST", body });
const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;

async function refusal(body: string, maxDepth?: number) {
  const error = await readJson(post(body), 1024 * 1024, maxDepth).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ServiceError);
  return { code: (error as ServiceError).code, message: (error as ServiceError).message };
}

describe("readJson", () => {
  it("takes nesting up to its limit, arrays and objects alike", async () => {
    await expect(readJson(post(nested(MAX_JSON_DEPTH)), 1024)).resolves.toBeInstanceOf(Array);
    await expect(readJson(post(deepObject(MAX_JSON_DEPTH)), 4096)).resolves.toBeInstanceOf(Object);
    await expect(readJson(post(`{"a":[1,{"b":${nested(MAX_JSON_DEPTH - 3)}}]}`), 4096)).resolves.toBeDefined();
  });

  it("refuses a body nested deeper as a malformed request naming the body, whatever the depth", async () => {
    const deeper = { code: "invalid_request", message: expect.stringMatching(/^body: nested too deeply/) };
    expect(await refusal(nested(MAX_JSON_DEPTH + 1))).toEqual(deeper);
    expect(await refusal(deepObject(MAX_JSON_DEPTH + 1))).toEqual(deeper);
    // 10 kB of brackets: 5,000 levels, where a recursive walk overflows its stack.
    expect(await refusal(nested(5_000))).toEqual(deeper);
    expect(await refusal(nested(200_000))).toEqual(deeper);
    expect(await refusal(`{"ok":1,"deep":[${nested(5_000, '{"a":[', "]}")}]}`)).toEqual(deeper);
  });

  it("takes a deeper limit when the caller gives one (a recorded page)", async () => {
    await expect(readJson(post(nested(1_000)), 1024 * 1024, 1_000)).resolves.toBeInstanceOf(Array);
    expect(await refusal(nested(1_001), 1_000)).toMatchObject({ code: "invalid_request" });
  });

  it("takes a very wide body", async () => {
    const wide = `{${Array.from({ length: 100_000 }, (_, index) => `"k${index}":[0]`).join(",")}}`;
    expect(Object.keys((await readJson(post(wide), 2 * 1024 * 1024)) as object)).toHaveLength(100_000);
  });

  it("counts brackets in strings as text", async () => {
    await expect(readJson(post(JSON.stringify({ text: nested(5_000) })), 1024 * 1024)).resolves.toEqual({ text: nested(5_000) });
  });
});
