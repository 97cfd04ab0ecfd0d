import { z } from "zod";

/** The `{visitor_id}` path segment. */
export const visitorParams = z.object({ visitorId: z.string().min(1).max(64) });
