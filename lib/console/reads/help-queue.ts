import { z } from "zod";
import { visitorSchema } from "@/lib/contract";
import { consoleRead } from "./spec";
import { READ_ROUTES } from "./routes";

/** A visitor asking for help, since when, and the console user who took the request (if one did). */
export const helpQueueEntrySchema = z.object({
  visitor: visitorSchema,
  requestedAt: z.string(),
  claimedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export type HelpQueueEntry = z.output<typeof helpQueueEntrySchema>;

export const helpQueueRead = consoleRead({
  ...READ_ROUTES.helpQueue,
  summary: "The help queue's polling source: the navigation's count, the alerts and the Visitors page's panel",
  answer: z.object({
    /** Oldest first. */
    requests: z.array(helpQueueEntrySchema),
    /** The signed-in user's preference: a sound and a notification for each new request. */
    alerts: z.boolean(),
    /** The signed-in user's id, to tell one's own claims from others'. */
    me: z.string(),
  }),
});
