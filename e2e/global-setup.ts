import fs from "node:fs";
import { startServer } from "./support/server";

/** One shared server with demo data for the whole run; specs that need an empty database start their own. */
export default async function globalSetup() {
  const server = await startServer({ env: { TANDEM_DEMO_SEED: "1" } });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_DEMO_CREDENTIALS = fs.readFileSync(`${server.dataDir}/demo-credentials.json`, "utf8");
  return async () => server.stop();
}
