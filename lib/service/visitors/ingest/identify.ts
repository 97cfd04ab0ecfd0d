import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { visitors } from "../../core/schema";
import { visitorSearchText } from "@/lib/service/visitors/search";
import type { Team } from "../../teams/team";
import { lockedVisitor } from "./locked-visitor";
import { cleanList, cleanText, emailAmong, INTEGRATION_ID_PATTERN, TAG_PATTERN, type IdentityInput } from "./identity-rules";

type IdentityColumns = Partial<Pick<typeof visitors.$inferInsert, "uniqueId" | "identities" | "tags" | "integrationIds" | "callName" | "email">>;

/** Only the fields present in the input: `null` clears (to an empty list for lists), absent keeps. */
function changes(input: IdentityInput): IdentityColumns {
  const set: IdentityColumns = {};
  if (input.uniqueId !== undefined) set.uniqueId = cleanText(input.uniqueId);
  if (input.callName !== undefined) set.callName = cleanText(input.callName);
  if (input.identities !== undefined) {
    set.identities = cleanList("identities", input.identities ?? []);
    set.email = emailAmong(set.identities); // the email follows the identities that carry it
  }
  if (input.tags !== undefined) set.tags = cleanList("tags", input.tags ?? [], TAG_PATTERN);
  if (input.integrationIds !== undefined) set.integrationIds = cleanList("integrationIds", input.integrationIds ?? [], INTEGRATION_ID_PATTERN);
  return set;
}

/** POST /collect/identify: the customer's page tells who the visitor is (see IdentityInput). */
export async function identifyVisitor(db: Db, team: Team, visitorId: string, input: IdentityInput): Promise<void> {
  const set = changes(input); // validates before anything is read or written
  await db.transaction(async (tx) => {
    const visitor = await lockedVisitor(tx.select().from(visitors), team.id, visitorId);
    const merged = { ...visitor, ...set };
    await tx
      .update(visitors)
      .set({ ...set, searchText: visitorSearchText(merged) })
      .where(eq(visitors.shortId, visitorId));
  });
}
