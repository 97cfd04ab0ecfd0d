import { describe, expect, it } from "vitest";
import { REQUEST_DEADLINE_MS } from "@/lib/availability/deadline";
import { opsEndpoints } from "@/lib/contract/endpoints";
import type { Db } from "@/lib/db";
import { createHttpApp } from "./app";
import { InProcessRateLimiter } from "./rate-limit";

describe("a bound endpoint", () => {
  it("answers 503 with Retry-After, in the one envelope, when its work outlasts the request's deadline", async () => {
    const { app, bind } = createHttpApp({ db: async () => ({}) as Db, limiter: () => new InProcessRateLimiter() });
    let abandoned = false;
    bind(opsEndpoints.checkReadiness, async () => {
      await new Promise((resolve) => setTimeout(resolve, REQUEST_DEADLINE_MS + 1_000));
      abandoned = true;
      return { status: "ok" as const };
    });
    const answer = await app.request("/readyz");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(await answer.json()).toMatchObject({ status: "error", error: "unavailable" });
    expect(abandoned).toBe(false);
  }, 15_000);
});
