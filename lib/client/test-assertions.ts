// Test helper (not runtime code): assertions the client suites share.
import { expect } from "vitest";
import { ApiError } from "./errors";
import type { RecordedRequest, TestServer } from "./test-server";

/** The ApiError a promise rejects with (fails the test when it resolves or rejects with something else). */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected an ApiError, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The one request the server received (fails the test when there were more or none). */
export function onlyRequest(server: TestServer): RecordedRequest {
  expect(server.requests).toHaveLength(1);
  return server.requests[0];
}
