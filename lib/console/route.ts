import "server-only";
import { requireCaller, type Caller } from "./auth/caller";
import type { Role } from "./auth/roles";
import { routeErrorResponse } from "./route-errors";

type Handler<C> = (request: Request, context: C & { caller: Caller }) => Promise<Response>;

/**
 * Wraps a console route handler: the caller must be signed in with the role; whatever the handler does
 * not answer itself is answered by `routeErrorResponse` (401, 403, 400, the API's failure, or 500).
 */
export function consoleRoute<C extends object = object>(role: Role, handler: Handler<C>) {
  return async (request: Request, context: C): Promise<Response> => {
    try {
      const caller = await requireCaller(role);
      return await handler(request, { ...context, caller });
    } catch (error) {
      return routeErrorResponse(error);
    }
  };
}
