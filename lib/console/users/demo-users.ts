import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { Role } from "../auth/roles";
import { countUsers, createUser } from "./users";

export interface DemoCredential {
  role: Role;
  name: string;
  email: string;
  password: string;
}

const DEMO_PEOPLE: Array<Omit<DemoCredential, "password">> = [
  { role: "admin", name: "Morgan Reyes", email: "admin@example.com" },
  { role: "lead", name: "Priya Shah", email: "lead@example.com" },
  { role: "agent", name: "Sam Carter", email: "agent@example.com" },
];

export const demoCredentialsFile = (dataDir: string) => path.join(dataDir, "demo-credentials.json");

/**
 * Into a database with no console user: one user of each role, each with a fresh random password kept
 * in the data folder (so `npm start` can print them), never a password known in advance.
 */
export async function seedDemoUsers(db: Db, dataDir: string): Promise<DemoCredential[] | null> {
  if ((await countUsers(db)) > 0) return null;
  const credentials = DEMO_PEOPLE.map((person) => ({ ...person, password: randomBytes(9).toString("base64url") }));
  for (const credential of credentials) await createUser(db, credential);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(demoCredentialsFile(dataDir), JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}

/** What start-up prints once, when the demo users are created: later starts point at the file instead. */
export function demoCredentialsNotice(credentials: DemoCredential[], dataDir: string): string {
  const lines = [``, `  Demo users created. Their passwords are shown this once (and kept in ${demoCredentialsFile(dataDir)}, readable by this account only):`];
  for (const user of credentials) lines.push(`    ${user.role.padEnd(6)} ${user.email.padEnd(20)} ${user.password}`);
  return lines.join("\n") + "\n";
}
