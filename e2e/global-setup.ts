import fs from "node:fs";
import { INTERCOM_TEST_SECRET } from "./support/intercom";
import { startServer } from "./support/server";

/** One shared server with demo data for the whole run; specs that need an empty database start their own. */
export default async function globalSetup() {
  // Every spec signs in from this machine's one address, some failing on purpose: the per-address
  // sign-in limit would refuse the run's later sign-ins (sign-in.db.test.ts tests that limit).
  const server = await startServer({ env: { TANDEM_DEMO_SEED: "1", SIGN_IN_FAILURES_PER_ADDRESS: "1000", INTERCOM_CLIENT_SECRET: INTERCOM_TEST_SECRET } });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_DEMO_CREDENTIALS = fs.readFileSync(`${server.dataDir}/demo-credentials.json`, "utf8");
  return async () => server.stop();
}
