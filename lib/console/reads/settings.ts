import { z } from "zod";
import type { ConnectionMode } from "../api";
import { consoleRead } from "./spec";
import { READ_ROUTES } from "./routes";

const checked = z.object({
  mode: z.enum(["embedded", "cloud", "onprem"] as const satisfies readonly ConnectionMode[]),
  /** Where requests go (never a key). */
  label: z.string(),
  checkedAt: z.string(),
});

/** Whether the API answers, and how fast; or why not, as a person can act on it. */
export const connectionCheckSchema = z.discriminatedUnion("ok", [
  checked.extend({ ok: z.literal(true), latencyMs: z.number() }),
  checked.extend({ ok: z.literal(false), error: z.string() }),
]);

export type ConnectionCheck = z.output<typeof connectionCheckSchema>;

export const connectionRead = consoleRead({
  ...READ_ROUTES.connection,
  summary: "Whether the API answers, and how fast (Settings' “Check again”)",
  answer: connectionCheckSchema,
});
