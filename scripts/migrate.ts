/** `npm run migrate`: applies pending migrations; refuses while a server holds the PGlite folder. */
import { databaseTarget, openDatabase } from "../lib/db/connection";
import { secureDataDir } from "../lib/data-dir";
import { parseEnv } from "../lib/env/schema";
import { runScript } from "./run-script";

await runScript(async () => {
  const config = parseEnv(process.env);
  secureDataDir(config);
  const target = databaseTarget(config);
  const database = await openDatabase(target);
  await database.close();
  console.log(`Migrations applied to ${target.kind === "pglite" ? target.dir : "PostgreSQL"}.`);
});
