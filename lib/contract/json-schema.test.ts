import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contract from "./index";

// The OpenAPI document is generated from these schemas: each must convert without losing its shape.
const schemas = Object.entries(contract as Record<string, unknown>).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);

describe("JSON Schema generation", () => {
  it("covers the contract's schemas", () => {
    expect(schemas.map(([name]) => name)).toEqual(expect.arrayContaining(["visitorSchema", "watchUrlRequestSchema", "getVisitorQuerySchema"]));
  });

  it.each(schemas)("%s converts in both directions without unrepresentable parts", (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: "input" })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: "output" })).not.toThrow();
  });

  it("shows request defaults in the input schema", () => {
    const json = z.toJSONSchema(contract.watchUrlRequestSchema, { io: "input" }) as {
      required?: string[];
      properties: Record<string, { properties?: Record<string, { default?: unknown }> }>;
    };
    expect(json.required).toEqual(["agent"]);
    expect(json.properties.permissions.properties?.allow_console.default).toBe(false);
  });
});
