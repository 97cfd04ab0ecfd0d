import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type FrameLocator, type Page } from "@playwright/test";
import { apiClient, embeddedApiKey, setTeam } from "../support/api";
import { startServer, type RunningServer } from "../support/server";
import { decodeJwt, SignJWT } from "jose";

/** The visitor script's JS API, as a customer's page sees it. */
declare global {
  interface Window {
    Tandem?: {
      identify: (fields: Record<string, unknown>) => Promise<void>;
      getLookupCode: () => string | null;
      stopSession: () => Promise<void>;
      sendCustomMessage: (message: string) => Promise<void>;
      on: (event: string, callback: (detail: Record<string, unknown>) => void) => () => void;
    };
  }
}

export const agent = { id: "live-agent", name: "Alice Agent" };

/**
 * A Tandem server of the spec file's own (an empty database), its team set as the spec needs, and an
 * API client with the console's key: started before the file's tests, stopped after them.
 */
export function liveServer(team: Record<string, unknown>, env: Record<string, string> = {}): { server: RunningServer; api: APIRequestContext } {
  const live = {} as { server: RunningServer; api: APIRequestContext };
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    live.server = await startServer({ env: { TANDEM_DEMO_SEED: "0", ...env } });
    live.api = await apiClient(live.server.url, embeddedApiKey(live.server.dataDir));
    await setTeam(live.api, team);
  });
  test.afterAll(async () => {
    await live.api?.dispose();
    await live.server?.stop();
  });
  return live;
}

/** A visitor's browser on /demo (or `path`), with every request body it sends recorded; `watch` sees the page before it loads. */
export async function openVisitor(
  browser: Browser,
  baseUrl: string,
  watch?: (page: Page) => void,
  path = "/demo",
): Promise<{ page: Page; visitorId: string; sent: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const sent: string[] = [];
  page.on("request", (request) => sent.push(`${request.url()} ${request.postData() ?? ""}`));
  watch?.(page);
  await page.goto(path);
  await expect(page.getByTestId("lookup-code")).toHaveText(/^\d{4}$/);
  const visitorId = await page.evaluate(() => JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string);
  expect(visitorId).toMatch(/^[A-Z2-9]{8}$/);
  return { page, visitorId, sent, close: () => context.close() };
}

export async function createWatchLink(api: APIRequestContext, visitorId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await api.post(`/v1.3/visitors/${visitorId}/watch_url`, { data: { agent, ...extra } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).watch_url as string;
}

/** An agent's browser on a watch link; `token()` is the viewer credential its stream used (in its Authorization header). */
export async function openAgent(
  browser: Browser,
  watchUrl: string,
): Promise<{ page: Page; token: () => string; sessionId: () => string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let stream: { url: string; authorization: string } | null = null;
  page.on("request", (request) => {
    if (request.url().includes("/live/sessions/") && request.url().includes("/stream")) {
      stream = { url: request.url(), authorization: request.headers().authorization ?? "" };
    }
  });
  await page.goto(watchUrl);
  await expect.poll(() => stream).not.toBeNull();
  const opened = () => stream as unknown as { url: string; authorization: string };
  return {
    page,
    token: () => opened().authorization.replace(/^Bearer /, ""),
    sessionId: () => decodeURIComponent(new URL(opened().url).pathname.split("/")[3]),
    close: () => context.close(),
  };
}

/** The visitor accepts the agent's request to see the page: teams ask the visitor first unless set otherwise. */
export async function acceptCoBrowsing(visitorPage: Page): Promise<void> {
  await visitorPage
    .getByRole("dialog", { name: `${agent.name} wants to see this page` })
    .getByRole("button", { name: "Accept" })
    .click();
}

export function replayFrame(page: Page | FrameLocator) {
  return page.frameLocator("[data-testid=replay-root] iframe");
}

/**
 * Clicks, through the agent's overlay, the replayed element matching `selector` (the overlay is scaled);
 * `page` is the watch page, or the frame that holds it (the embeddable viewer's).
 */
export async function clickInReplay(page: Page | FrameLocator, selector: string): Promise<void> {
  const rect = await replayFrame(page)
    .locator(selector)
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
  const overlay = page.getByTestId("replay-overlay");
  const box = (await overlay.boundingBox())!;
  const iframeWidth = await page.locator("[data-testid=replay-root] iframe").evaluate((iframe) => (iframe as HTMLIFrameElement).width || iframe.clientWidth);
  const scale = box.width / Number(iframeWidth);
  await overlay.click({ position: { x: rect.x * scale, y: rect.y * scale } });
}

/** Drags with the agent's mouse over the replayed page, between two points of the overlay. */
export async function dragInReplay(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const box = (await page.getByTestId("replay-overlay").boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await page.mouse.move(box.x + from[0] + ((to[0] - from[0]) * step) / 8, box.y + from[1] + ((to[1] - from[1]) * step) / 8);
  }
  await page.mouse.up();
}

/** The same watch link, signed again with the server's own secret but already expired. */
export async function expiredWatchLink(watchUrl: string, dataDir: string): Promise<string> {
  const token = watchUrl.split("/watch/")[1];
  const secret = new TextEncoder().encode(fs.readFileSync(path.join(dataDir, "link-signing-secret"), "utf8").trim());
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ ...decodeJwt(token), iat: now - 600, exp: now - 60 }).setProtectedHeader({ alg: "HS256" }).sign(secret);
  return watchUrl.replace(token, expired);
}

/** The same recording link, signed again with the server's own secret but past its lifetime. */
export function expiredRecordingLink(videoUrl: string, dataDir: string): string {
  const token = videoUrl.split("/watch/recordings/")[1];
  const secret = fs.readFileSync(path.join(dataDir, "link-signing-secret"), "utf8").trim();
  const key = createHmac("sha256", secret).update("tandem recording link").digest();
  const payload = `${token.split(".")[0]}.${Math.floor(Date.now() / 1000) - 60}`;
  return videoUrl.replace(token, `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`);
}

/** Everything the agent's stream carries, read by a client of its own with the agent's credential. */
export function tapAgentStream(baseUrl: string, sessionId: string, token: string): { text: () => string; stop: () => void } {
  const abort = new AbortController();
  let text = "";
  void fetch(`${baseUrl}/live/sessions/${sessionId}/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
    .then(async (response) => {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    })
    .catch(() => undefined);
  return { text: () => text, stop: () => abort.abort() };
}

/** The replayed page as the agent's browser holds it, the documents of its iframes included. */
export function mirrorHtml(page: Page): Promise<string> {
  return page.locator("[data-testid=replay-root] iframe").evaluate((frame) => {
    const html = (doc: Document | null): string =>
      doc ? doc.documentElement.outerHTML + Array.from(doc.querySelectorAll("iframe"), (inner) => html(inner.contentDocument)).join("") : "";
    return html((frame as HTMLIFrameElement).contentDocument);
  });
}
