import { z } from "zod";
import { okStatus } from "./common";

const count = z.number().int().min(0);

export const usageSchema = z
  .object({
    agents: z.object({
      last_30_days: count.describe("Agents who used the service in the last 30 days"),
      today: count.describe("Agents who used the service in the last 24 hours"),
    }),
    session_counts: z.object({
      last_30_days: count.describe("Sessions in the last 30 days"),
      now: count.describe("Sessions ongoing now"),
      today: count.describe("Sessions in the last 24 hours"),
    }),
    session_seconds: z.object({
      last_30_days: count.describe("Session seconds in the last 30 days"),
      today: count.describe("Session seconds in the last 24 hours"),
    }),
    visitors: z.object({
      last_24_hrs: count.describe("Visitors in the last 24 hours"),
      online_now: count.describe("Visitors online now"),
    }),
  })
  .describe("Account usage statistics");

export const usageResponseSchema = z.object({ status: okStatus, usage: usageSchema });

export type Usage = z.infer<typeof usageSchema>;
export type UsageResponse = z.infer<typeof usageResponseSchema>;
