import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatZodIssue, httpUrlSchema, metadataSchema, watchUrlRequestSchema } from "./index";
import { issuesOf } from "./test-helpers";

const flatValue = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
const nestedValue = fc.oneof(fc.object(), fc.array(fc.anything()));
// "__proto__" as a plain assignment would set the prototype instead of adding a key.
const key = fc.string().filter((k) => k !== "__proto__");

describe("metadataSchema", () => {
  it("accepts any flat record of strings, numbers and booleans", () => {
    fc.assert(fc.property(fc.dictionary(key, flatValue), (record) => metadataSchema.safeParse(record).success));
  });

  it("rejects any record holding an object or array value, naming its key", () => {
    fc.assert(
      fc.property(fc.dictionary(key, flatValue), key, nestedValue, (record, badKey, bad) => {
        const result = metadataSchema.safeParse({ ...record, [badKey]: bad });
        return !result.success && result.error.issues.some((issue) => issue.path[0] === badKey);
      }),
    );
  });

  it.each([
    ["nested object", { plan: { tier: "pro" } }],
    ["array", { plan: ["pro"] }],
    ["null", { plan: null }],
  ])("rejects a %s value inside a request with path metadata.plan", (_name, metadata) => {
    const [issue] = issuesOf(watchUrlRequestSchema, { agent: { id: "a1", name: "Ann" }, metadata });
    expect(issue.path).toEqual(["metadata", "plan"]);
    expect(issue.message).toBe("must be a string, number or boolean");
  });

  it("rejects a top-level array", () => {
    expect(metadataSchema.safeParse(["a"]).success).toBe(false);
  });
});

describe("httpUrlSchema", () => {
  it("accepts http(s) only", () => {
    expect(httpUrlSchema.safeParse("https://example.com/done").success).toBe(true);
    expect(issuesOf(httpUrlSchema, "javascript:alert(1)")[0].message).toBe("must be an http(s) URL");
    expect(httpUrlSchema.safeParse("ftp://example.com/").success).toBe(false);
  });
});

describe("formatZodIssue", () => {
  const format = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("expected a rejection");
    return formatZodIssue(result.error);
  };

  it("names a missing field as Required", () => {
    expect(format(watchUrlRequestSchema, { agent: { name: "Ann" } })).toBe("agent.id: Required");
  });

  it("names a non-flat metadata value", () => {
    expect(format(watchUrlRequestSchema, { agent: { id: "a", name: "b" }, metadata: { plan: {} } })).toBe("metadata.plan: must be a string, number or boolean");
  });

  it("keeps zod's detail for a wrong type, without the generic prefix", () => {
    expect(format(watchUrlRequestSchema, { agent: { id: "a", name: 7 } })).toBe("agent.name: expected string, received number");
  });

  it("gives one line, led by the first path, counting the other issues", () => {
    const line = format(watchUrlRequestSchema, {});
    expect(line).toBe("agent: Required");
    const many = format(z.object({ a: z.string(), b: z.string(), c: z.array(z.string()) }), { c: [1] });
    expect(many).toBe("a: Required (and 2 more issues)");
    expect(many).not.toContain("\n");
  });

  it("writes array indexes in brackets", () => {
    expect(format(z.object({ tags: z.array(z.string()) }), { tags: ["a", 1] })).toMatch(/^tags\[1\]: /);
  });
});
