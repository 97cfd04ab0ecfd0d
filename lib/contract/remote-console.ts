import { z } from "zod";
import { CONSOLE_BATCH_MAX, CONSOLE_STACK_MAX, CONSOLE_TEXT_MAX, CONSOLE_URL_MAX } from "./remote-console-limits";

/**
 * The remote console (`permissions.allow_console`): what the visitor's page wrote to its console, its
 * uncaught errors and its failed requests, relayed to the watch page and never stored.
 */
export * from "./remote-console-limits";

const at = z.number().int().min(0).describe("When, in ms since the epoch on the visitor's clock");
const text = z.string().max(CONSOLE_TEXT_MAX);
const stack = z.string().max(CONSOLE_STACK_MAX).optional();

export const consoleEntrySchema = z
  .discriminatedUnion("kind", [
    z
      .object({ kind: z.enum(["log", "info", "warn", "error"]), at, text })
      .describe("console.log/info/warn/error: its arguments as text, masked and input values redacted"),
    z.object({ kind: z.literal("exception"), at, text, stack }).describe("An uncaught error, with its stack"),
    z.object({ kind: z.literal("rejection"), at, text, stack }).describe("An unhandled promise rejection"),
    z
      .object({
        kind: z.literal("network"),
        at,
        method: z.string().min(1).max(16),
        url: z.string().max(CONSOLE_URL_MAX).describe("Redacted with the team's rule"),
        status: z.number().int().min(0).max(999).nullable().describe("The HTTP status of a failed answer (4xx, 5xx); null: a network error"),
      })
      .describe("A fetch or XMLHttpRequest that failed"),
  ])
  .describe("A remote console message");

/** POST /collect/live/console: the messages of the last moments, and how many were dropped. */
export const consoleBatchRequestSchema = z.object({
  sessionId: z.string().min(1).max(64),
  entries: z.array(consoleEntrySchema).max(CONSOLE_BATCH_MAX),
  dropped: z.number().int().min(0).max(1_000_000).describe("Messages the page left out since the last batch (over the caps)"),
});

/** The largest console batch: its entries at their caps, in UTF-8, with room for JSON's escapes. */
export const MAX_CONSOLE_BATCH_BYTES = 256 * 1024;

export type ConsoleEntry = z.infer<typeof consoleEntrySchema>;
export type ConsoleBatch = z.infer<typeof consoleBatchRequestSchema>;
