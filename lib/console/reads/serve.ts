import "server-only";
import { requireCaller, type Caller } from "../auth/caller";
import { routeErrorResponse } from "../route-errors";
import type { AnswerOf, ParamsOf, QueryOf } from "./define";
import type { ReadSpec } from "./spec";

export interface ReadCall<D extends ReadSpec> {
  caller: Caller;
  params: ParamsOf<D>;
  query: QueryOf<D>;
  request: Request;
}

/** A JSON read answers its declared shape; a CSV read answers its download (lib/console/csv.ts). */
type Answer<D extends ReadSpec> = D["answer"] extends "csv" ? Response : AnswerOf<D>;

/**
 * The GET route handler of a declared read: authenticate → check the role → parse the path parameters
 * and the query → answer. A JSON answer is parsed with the declared schema before it leaves (only its
 * declared fields go out) and sent as `{"status":"ok", …}`, never cached. Whatever the handler does not
 * answer itself is answered by `routeErrorResponse` (401, 403, 400 naming the field, the API's failure,
 * a `RouteError`, or 500).
 */
export function serveRead<D extends ReadSpec>(read: D, answer: (call: ReadCall<D>) => Promise<Answer<D>>) {
  return async (request: Request, context: { params?: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const caller = await requireCaller(read.role);
      const params = (read.params ? read.params.parse((await context.params) ?? {}) : {}) as ParamsOf<D>;
      const query = (read.query ? read.query.parse(Object.fromEntries(new URL(request.url).searchParams)) : {}) as QueryOf<D>;
      const result = await answer({ caller, params, query, request });
      if (read.answer === "csv") return result as Response;
      const checked = read.answer.safeParse(result);
      // The console's own bug, not the caller's request: a 500, logged, not a 400.
      if (!checked.success) throw new Error(`${read.path} answered outside its declaration: ${checked.error.message}`);
      return Response.json({ status: "ok", ...checked.data }, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return routeErrorResponse(error);
    }
  };
}
