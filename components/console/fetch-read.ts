import { readUrl, type AnswerOf, type InputsArg } from "@/lib/console/reads/define";
import type { ReadRoute } from "@/lib/console/reads/routes";

/**
 * Reads one of the console's JSON route handlers by its route: the answer its declaration gives (the
 * handler parsed it with the declared schema before sending), without the `status`. A refusal throws the
 * envelope's message. No React Query here, so a button that reads once does not bundle it.
 */
export async function fetchRead<R extends ReadRoute>(route: R, ...inputs: InputsArg<R>): Promise<AnswerOf<R>> {
  const response = await fetch(readUrl(route, ...inputs), { headers: { accept: "application/json" }, cache: "no-store" });
  const body: unknown = await response.json().catch(() => null);
  const envelope = (typeof body === "object" && body !== null ? body : {}) as { status?: unknown; message?: unknown };
  if (!response.ok) throw new Error(typeof envelope.message === "string" ? envelope.message : `The console answered ${response.status}.`);
  // An answer from another version of the console (a page left open across an upgrade) is not guessed at.
  if (envelope.status !== "ok") throw new Error("The console answered something this page does not understand: reload the page.");
  const { status: _status, ...answer } = envelope;
  return answer as AnswerOf<R>;
}
