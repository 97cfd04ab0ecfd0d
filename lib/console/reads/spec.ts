import type { z } from "zod";
import type { ReadRoute } from "./routes";

/**
 * One read of the console: its route (routes.ts), the schemas of its path parameters and query, and what
 * it answers: JSON of a schema (sent as `{"status":"ok", …}`) or a CSV download. The route handler is
 * derived from it (serve.ts), and so are the browser's URL, query key and answer type (define.ts).
 */
export interface ReadSpec extends ReadRoute {
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  answer: z.ZodType<Record<string, unknown>> | "csv";
}

/** Declares one console read: the one place its path, inputs, answer and role meet. */
export function consoleRead<const S extends ReadSpec>(spec: S): S {
  return spec;
}
