import { connection } from "next/server";
import { getDb } from "@/lib/db";
import { ping } from "@/lib/db/connection";
import { isDraining } from "@/lib/lifecycle/draining";
import { sharedRedis } from "@/lib/redis";

const unavailable = (error: string) => Response.json({ status: "error", error }, { status: 503 });

/** Readiness: the node is not stopping, the database answers, and Redis too when several nodes share it. */
export async function GET() {
  await connection();
  if (isDraining()) return unavailable("draining");
  try {
    await ping(await getDb());
  } catch {
    return unavailable("database_unavailable");
  }
  try {
    await sharedRedis()?.ping();
  } catch {
    return unavailable("redis_unavailable");
  }
  return Response.json({ status: "ok" });
}
