/** `npm run seed`: demo data into an empty database; refuses while a server holds the PGlite folder. */
import { seedDemoUsageHistory } from "../lib/console/usage/demo-history";
import { demoCredentialsNotice, seedDemoUsers } from "../lib/console/users/demo-users";
import { databaseTarget, openDatabase } from "../lib/db/connection";
import { secureDataDir } from "../lib/data-dir";
import { parseEnv } from "../lib/env/schema";
import { seedDemoService } from "../lib/service/demo-seed";
import { ensureDefaultTeam } from "../lib/service/teams/team";
import { runScript } from "./run-script";

await runScript(async () => {
  const config = parseEnv(process.env);
  secureDataDir(config);
  const database = await openDatabase(databaseTarget(config));
  try {
    const users = await seedDemoUsers(database.db, config.DATA_DIR);
    console.log(users ? demoCredentialsNotice(users, config.DATA_DIR) : "The database already has users: no demo users added.");
    if (users) await seedDemoUsageHistory(database.db);
    const team = await ensureDefaultTeam(database.db);
    const seeded = await seedDemoService(database.db, team);
    console.log(
      seeded ? "Seeded the embedded service with demo visitors, agents and sessions." : "The embedded service already has visitors: no demo visitors added.",
    );
  } finally {
    await database.close();
  }
});
