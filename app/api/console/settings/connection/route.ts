import { NextResponse } from "next/server";
import { consoleRoute } from "@/lib/console/route";
import { checkConnection } from "@/lib/console/settings/connection";

/** GET /api/console/settings/connection — whether the API answers, and how fast (the "Check again" button). */
export const GET = consoleRoute("admin", async () => NextResponse.json(await checkConnection(), { headers: { "cache-control": "no-store" } }));
