import type { ErrorCode } from "@/lib/contract";

/** A documented failure of the API: its HTTP status and the envelope's code. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
    this.name = "ServiceError";
  }
}

export const notFound = (code: "visitor_not_found" | "agent_not_found" | "not_found" = "not_found") => new ServiceError(404, code);
export const invalidRequest = (message: string) => new ServiceError(400, "invalid_request", message);
