import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./lib/audit/schema.ts", "./lib/console/schema.ts", "./lib/service/core/schema.ts"],
  out: "./lib/db/migrations",
});
