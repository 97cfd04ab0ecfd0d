import { notFound } from "next/navigation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/client";
import { AuthError } from "./auth/auth-error";
import { errorResponse, RouteError, routeErrorResponse } from "./route-errors";

async function answer(response: Response) {
  return { status: response.status, body: await response.json(), cache: response.headers.get("cache-control") };
}

const apiError = (kind: ApiError["kind"], status: number, extra: { retryAfterSeconds?: number } = {}) =>
  new ApiError({ kind, status, code: kind, message: `API said ${kind}`, ...extra });

describe("the console's route errors", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answer 401 to a caller who is not signed in and 403 to a role that is not allowed", async () => {
    expect(await answer(routeErrorResponse(new AuthError(401)))).toEqual({
      status: 401,
      body: { status: "error", error: "unauthenticated", message: "Sign in to continue." },
      cache: "no-store",
    });
    expect(await answer(routeErrorResponse(new AuthError(403)))).toMatchObject({ status: 403, body: { status: "error", error: "forbidden" } });
  });

  it("answer 400 naming the field to a query that does not parse", async () => {
    const parsed = z.object({ limit: z.coerce.number().max(100) }).safeParse({ limit: "500" });
    if (parsed.success) throw new Error("the sample query should not parse");
    const { status, body } = await answer(routeErrorResponse(parsed.error));
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "error", error: "invalid_request", message: expect.stringMatching(/^limit: /) });
  });

  it("answer a refusal the handler names with its own status, code and message", async () => {
    expect(await answer(routeErrorResponse(new RouteError(404, "not_found", "This visitor no longer exists.")))).toEqual({
      status: 404,
      body: { status: "error", error: "not_found", message: "This visitor no longer exists." },
      cache: "no-store",
    });
  });

  it("answer an API failure with the API's code: 502 when it failed, 429 with Retry-After when it is busy, 404 when it is gone", async () => {
    expect(await answer(routeErrorResponse(apiError("unavailable", 503)))).toMatchObject({
      status: 502,
      body: { status: "error", error: "unavailable", message: expect.stringContaining("did not answer") },
    });
    expect(await answer(routeErrorResponse(apiError("unauthorized", 401)))).toMatchObject({ status: 502, body: { error: "unauthorized" } });
    const busy = routeErrorResponse(apiError("rate_limited", 429, { retryAfterSeconds: 30 }));
    expect(busy.headers.get("retry-after")).toBe("30");
    expect(await answer(busy)).toMatchObject({ status: 429, body: { error: "rate_limited" } });
    expect(await answer(routeErrorResponse(apiError("not_found", 404)))).toMatchObject({ status: 404, body: { error: "not_found" } });
  });

  it("answer anything else as the console's own 500, logged, never as an API failure", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const bug = new TypeError("cannot read properties of undefined");
    const { status, body } = await answer(routeErrorResponse(bug));
    expect(status).toBe(500);
    expect(body).toMatchObject({ status: "error", error: "internal_error" });
    expect(JSON.stringify(body)).not.toContain("cannot read");
    expect(log).toHaveBeenCalledWith(expect.any(String), bug);
  });

  it("let Next's own signals through", () => {
    let signal: unknown;
    try {
      notFound();
    } catch (error) {
      signal = error;
    }
    expect(() => routeErrorResponse(signal)).toThrow();
  });

  it("keep the envelope's shape, with the message only when there is one", async () => {
    expect(await answer(errorResponse(404, "not_found"))).toEqual({ status: 404, body: { status: "error", error: "not_found" }, cache: "no-store" });
  });
});
