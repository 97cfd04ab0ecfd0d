import { connection } from "next/server";
import { getDb } from "@/lib/db";
import { ping } from "@/lib/db/connection";

/** Readiness: the database answers. */
export async function GET() {
  await connection();
  try {
    await ping(await getDb());
    return Response.json({ status: "ok" });
  } catch {
    return Response.json({ status: "error", error: "database_unavailable" }, { status: 503 });
  }
}
