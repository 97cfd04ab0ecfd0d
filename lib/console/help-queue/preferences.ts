import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { userPreferences } from "../schema";

/** Whether a user hears and sees an alert when a visitor asks for help: on until they turn it off. */
export async function helpAlertsEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ helpAlerts: userPreferences.helpAlerts }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return row?.helpAlerts ?? true;
}

export async function setHelpAlerts(db: Db, userId: string, enabled: boolean): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, helpAlerts: enabled })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { helpAlerts: enabled, updatedAt: new Date() } });
}
