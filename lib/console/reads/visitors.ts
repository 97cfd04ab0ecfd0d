import { z } from "zod";
import { visitorSchema } from "@/lib/contract";
import { ONLINE_FILTERS, VISITOR_LIMITS, VISITORS_PAGE_SIZE } from "../visitors/query-values";
import { consoleRead } from "./spec";
import { READ_ROUTES } from "./routes";

/** The Visitors list's query, as the browser's live list asks for it (the page's URL state, search-params.ts). */
export const visitorQuerySchema = z.object({
  search: z.string().max(500).default(""),
  status: z.enum(ONLINE_FILTERS).default("all"),
  limit: z.coerce
    .number()
    .refine((limit) => VISITOR_LIMITS.includes(limit), { error: `must be a multiple of ${VISITORS_PAGE_SIZE} up to ${VISITOR_LIMITS.at(-1)}` })
    .default(VISITORS_PAGE_SIZE),
});

/** What an agent needs to know before Co-browse: is the visitor's page connected, and already in a session. */
export const visitorPresenceSchema = z.object({ online: z.boolean(), inSession: z.boolean() });

export type VisitorPresence = z.output<typeof visitorPresenceSchema>;

export const visitorsRead = consoleRead({
  ...READ_ROUTES.visitors,
  summary: "The Visitors table's polling source: the visitors matching the page's query",
  query: visitorQuerySchema,
  answer: z.object({ visitors: z.array(visitorSchema) }),
});

export const visitorPresenceRead = consoleRead({
  ...READ_ROUTES.visitorPresence,
  summary: "A visitor's presence, polled by the visitor's page so an agent knows before Co-browse whether their page is connected",
  params: z.object({ id: z.string().min(1).max(64) }),
  answer: z.object({ presence: visitorPresenceSchema }),
});
