import { describe, expect, it, vi } from "vitest";
import { isUnavailable, UnavailableError } from "./unavailable";

describe("isUnavailable", () => {
  it("knows PostgreSQL, the network and Redis failing, also wrapped as drizzle wraps a query's error", () => {
    const failures = [
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" }),
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      Object.assign(new Error("deadlock detected"), { code: "40P01" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection is closed."),
      new Error("Command timed out"),
      Object.assign(new Error("Reached the max retries per request limit (which is 1)."), { name: "MaxRetriesPerRequestError" }),
      new UnavailableError("The database is unreachable"),
    ];
    for (const failure of failures) {
      expect(isUnavailable(failure), failure.message).toBe(true);
      expect(isUnavailable(new Error("Failed query: select 1", { cause: failure })), `wrapped: ${failure.message}`).toBe(true);
    }
  });

  it("leaves a bug or a refused write alone: those are not the backend's absence", () => {
    const others = [
      new TypeError("Cannot read properties of undefined"),
      Object.assign(new Error('duplicate key value violates unique constraint "visitors_pkey"'), { code: "23505" }),
      Object.assign(new Error('new row for relation "visitors" violates check constraint'), { code: "23514" }),
      Object.assign(new Error("syntax error at or near"), { code: "42601" }),
      "a string",
      null,
    ];
    for (const other of others) expect(isUnavailable(other), String(other)).toBe(false);
  });

  it("knows the error of another copy of this module, as Next's bundle has one beside the server's", async () => {
    vi.resetModules();
    const otherCopy = await import("./unavailable");
    expect(otherCopy.UnavailableError).not.toBe(UnavailableError);
    const failure = new otherCopy.UnavailableError("Redis is unreachable (the connection is reconnecting)");
    expect(isUnavailable(failure)).toBe(true);
    expect(isUnavailable(new Error("Failed query: select 1", { cause: failure }))).toBe(true);
  });
});
