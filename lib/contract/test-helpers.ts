import type { z } from "zod";

/** The issues of a parse that must fail; throws (failing the test) when the input passes. */
export function issuesOf(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a rejection, got ${JSON.stringify(result.data)}`);
  return result.error.issues;
}
