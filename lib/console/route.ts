import "server-only";
import { NextResponse } from "next/server";
import { AuthError, requireCaller, type Caller } from "./caller";
import type { Role } from "./roles";

type Handler<C> = (request: Request, context: C & { caller: Caller }) => Promise<Response>;

/** Wraps a console route handler: the caller must be signed in with the role, or it answers 401/403. */
export function consoleRoute<C extends object = object>(role: Role, handler: Handler<C>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      const caller = await requireCaller(role);
      return await handler(request, { ...context, caller });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return NextResponse.json(
        { status: "error", error: error.status === 401 ? "unauthenticated" : "forbidden", message: error.message },
        { status: error.status },
      );
    }
  };
}
