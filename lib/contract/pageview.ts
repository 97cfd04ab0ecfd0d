import { z } from "zod";
import { datetimeSchema } from "./common";

/**
 * Pageview fields are not published (compatibility notes, *assumed*): every field may be absent or
 * null, and the console renders whatever is there. url is not URL-checked for the same reason.
 */
export const pageviewSchema = z
  .object({
    url: z.string().nullish(),
    title: z.string().nullish(),
    visited_at: datetimeSchema.nullish(),
    referrer: z.string().nullish(),
    duration_seconds: z.number().min(0).nullish().describe("Time spent on the page"),
  })
  .describe("A page the visitor viewed (history)");

export type Pageview = z.infer<typeof pageviewSchema>;
