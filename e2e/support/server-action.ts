import { expect, type APIRequestContext, type Page, type Request } from "@playwright/test";

/** A server action's request as the browser sent it, to send again as an attacker would (any number of times). */
export interface CapturedAction {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The next server action the page posts (a request carrying `Next-Action`), as it was sent. */
export function nextServerAction(page: Page): Promise<CapturedAction> {
  return new Promise((resolve) => {
    const seen = (request: Request) => {
      const headers = request.headers();
      if (request.method() !== "POST" || !headers["next-action"]) return;
      page.off("request", seen);
      resolve({ url: request.url(), headers, body: request.postDataBuffer() ?? Buffer.alloc(0) });
    };
    page.on("request", seen);
  });
}

/**
 * Keeps `inFlight` copies of a captured action in flight (each body made by `vary` from its index) until
 * `stop` is called, or `limit` were sent; `stop` resolves to the statuses of all of them.
 */
export function flood(
  request: APIRequestContext,
  action: CapturedAction,
  options: { inFlight: number; limit: number; vary?: (body: string, index: number) => string },
) {
  const headers = { ...action.headers };
  delete headers["content-length"];
  const body = action.body.toString("latin1");
  const statuses: number[] = [];
  let sent = 0;
  let stopped = false;
  const sender = async () => {
    while (!stopped && sent < options.limit) {
      const index = sent++;
      const data = Buffer.from(options.vary ? options.vary(body, index) : body, "latin1");
      statuses.push(await request.post(action.url, { headers, data, timeout: 120_000 }).then((response) => response.status()));
    }
  };
  const senders = Array.from({ length: options.inFlight }, sender);
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(senders);
      return statuses;
    },
  };
}

/**
 * After pressing Sign in while a flood lasts: the page is answered (slowly, every request being served)
 * with the signed-in console, never with an error such as "Sign-in is busy".
 */
export async function expectSignedInDespiteFlood(page: Page): Promise<void> {
  const answered = page
    .getByTestId("current-user")
    .or(page.getByRole("alert").filter({ hasText: /\w/ }))
    .first();
  await expect(answered).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("current-user")).toBeVisible();
}
