import { ServiceError } from "../core/errors";

/** How long one slice of the page copy's work may hold the thread before other requests get it back. */
export const SLICE_MS = 8;
/** How much of its own work a read of one page may take, in slices, before it gives up. */
export const READ_BUDGET_MS = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `steps` (a generator that yields between small pieces of work) a slice at a time: at most SLICE_MS
 * of the thread, then every request waiting gets its turn before the next slice. Past `budgetMs` of its
 * own work it stops with `payload_too_large`: what a visitor's page costs the server has a ceiling.
 */
export async function runSliced<T>(steps: Generator<unknown, T>, budgetMs = Infinity): Promise<T> {
  let spent = 0;
  for (;;) {
    const start = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - start >= SLICE_MS) break;
    }
    spent += performance.now() - start;
    if (spent > budgetMs) {
      steps.return(undefined as T);
      throw new ServiceError("payload_too_large", "The page is too large to read in time: read_page with a smaller max_chars, or hand over to a person.");
    }
    await nextTurn();
  }
}
