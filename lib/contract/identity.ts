import { z } from "zod";
import { integrationIdSchema, tagSchema } from "./common";
import { IDENTITY_LIST_MAX, IDENTITY_TEXT_MAX } from "./identity-rules";

// The visitor script runs on customer pages, so bound what it can store per visitor.
const text = z.string().max(IDENTITY_TEXT_MAX);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(IDENTITY_LIST_MAX);

/**
 * Identity set by the visitor script. Each field: absent keeps the stored value, null clears it.
 */
export const identitySchema = z
  .object({
    uniqueId: text.nullable().optional().describe("The customer's own user id"),
    identities: list(text).nullable().optional().describe("e.g. name, email"),
    tags: list(tagSchema).nullable().optional(),
    integrationIds: list(integrationIdSchema).nullable().optional(),
    callName: text.nullable().optional().describe("Display name shown to agents"),
  })
  .describe("Visitor identity (absent keeps, null clears)");

export type Identity = z.infer<typeof identitySchema>;
