/** `npm run seed`: demo data into an empty database; refuses while a server holds the PGlite folder. */
import { seedDemoUsers } from "../lib/console/demo-users";
import { databaseTarget, openDatabase } from "../lib/db/connection";
import { parseEnv } from "../lib/env/schema";
import { runScript } from "./run-script";

await runScript(async () => {
  const config = parseEnv(process.env);
  const database = await openDatabase(databaseTarget(config));
  try {
    const users = await seedDemoUsers(database.db, config.DATA_DIR);
    console.log(users ? `Seeded ${users.length} demo users (credentials in ${config.DATA_DIR}/demo-credentials.json).` : "The database already has users: nothing seeded.");
  } finally {
    await database.close();
  }
});
