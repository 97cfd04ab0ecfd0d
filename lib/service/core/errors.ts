import { ERROR_STATUS, type ErrorCode } from "@/lib/contract";

/** A documented failure of the API: its code; the status comes from the contract's one table. */
export class ServiceError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
    this.name = "ServiceError";
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (code: "visitor_not_found" | "agent_not_found" | "not_found" = "not_found", message?: string) => new ServiceError(code, message);
export const invalidRequest = (message: string) => new ServiceError("invalid_request", message);
