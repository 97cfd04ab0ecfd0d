import { z } from "zod";

/** DELETE /v1.3/visitors?all=true: a destructive call, so only the exact string "true" confirms it. */
export const purgeVisitorsQuerySchema = z.object({
  all: z.literal("true", { error: "all=true is required to confirm deleting every offline visitor" }),
});

export type PurgeVisitorsQuery = z.infer<typeof purgeVisitorsQuerySchema>;
