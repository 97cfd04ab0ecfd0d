/**
 * The fidelity suite's tools: a Tandem server and a customer site per spec file, a visitor and an agent
 * on one of the site's pages, and the three measures of docs/fidelity.md: the share of pixels that
 * differ between the visitor's viewport and the agent's mirror, the longest task on the visitor's page,
 * and the delay from a change on the visitor's page to its appearance in the mirror.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import { publicKey } from "../../support/api";
import { createWatchLink, liveServer, openAgent } from "../../live/live-helpers";
import { startCustomerSite, type CustomerSite } from "./customer-site";

/** The visitor's viewport; the agent's window is large enough to show it at scale 1 (checked). */
export const VISITOR_VIEWPORT = { width: 800, height: 600 };
const AGENT_VIEWPORT = { width: 1400, height: 1100 };

const REPLAY_IFRAME = "[data-testid=replay-root] iframe";

/** Tandem's own elements on the visitor's page (help bar, agent's pointer): never part of the mirror. */
const TANDEM_UI = ".no-cobrowse{visibility:hidden!important}";

/**
 * A Tandem server (consent not required, so sessions start at once) and a customer site serving the
 * fidelity pages (or those of `pagesDir`), both for the spec file's tests.
 */
export function fidelitySuite(team: Record<string, unknown> = {}, pagesDir?: string) {
  const live = liveServer({ require_authorization: false, ...team });
  const suite = { live, site: undefined as unknown as CustomerSite };
  test.beforeAll(async () => {
    suite.site = await startCustomerSite(live.server.url, await publicKey(live.api), pagesDir);
  });
  test.afterAll(async () => {
    await suite.site?.close();
  });
  return suite;
}

export interface Pair {
  visitor: Page;
  agent: Page;
  /** The visitor's page clock (performance.now()) when the agent was sent to watch: `longestTask` from then. */
  sessionStart: number;
  /** The mirror's document, as the agent's browser holds it. */
  mirror: () => ReturnType<Page["frameLocator"]>;
  close: () => Promise<void>;
}

/**
 * A visitor on `page` of the site (with the long-task probe installed before any script runs) and an
 * agent watching them, once the mirror shows `ready` (a selector, default `body > *`). `beforeAgent`
 * runs on the visitor's page just before the agent opens the watch link.
 */
export async function openPair(
  browser: Browser,
  suite: ReturnType<typeof fidelitySuite>,
  page: string,
  options: {
    ready?: string;
    beforeAgent?: (visitor: Page) => Promise<void>;
    watchLink?: Record<string, unknown>;
    /** The visitor's browser, e.g. a phone's user agent. */
    visitorBrowser?: BrowserContextOptions;
  } = {},
): Promise<Pair> {
  const visitorContext = await browser.newContext({ viewport: VISITOR_VIEWPORT, deviceScaleFactor: 1, ...options.visitorBrowser });
  await visitorContext.addInitScript(installLongTaskProbe);
  const visitor = await visitorContext.newPage();
  await visitor.goto(suite.site.url(page));
  const visitorId = () => visitor.evaluate(() => (JSON.parse(localStorage.getItem("tandem.visitor") ?? "{}").visitorId as string) ?? "");
  await expect.poll(visitorId).toMatch(/^[A-Z2-9]{8}$/);

  const watchUrl = await createWatchLink(suite.live.api, await visitorId(), options.watchLink);
  await options.beforeAgent?.(visitor);
  const sessionStart = await pageClock(visitor);
  const agentView = await openAgent(browser, watchUrl);
  const agent = agentView.page;
  await agent.setViewportSize(AGENT_VIEWPORT);
  await expect(agent.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  const mirror = () => agent.frameLocator(REPLAY_IFRAME);
  await expect(
    mirror()
      .locator(options.ready ?? "body > *")
      .first(),
  ).toBeAttached();
  return {
    visitor,
    agent,
    sessionStart,
    mirror,
    close: async () => {
      await agentView.close();
      await visitorContext.close();
    },
  };
}

/** Both documents laid out with their fonts loaded, and two frames painted since. */
async function settled(page: Page, frame?: string) {
  await page.evaluate(async (selector) => {
    const doc = selector ? (document.querySelector(selector) as HTMLIFrameElement).contentDocument! : document;
    await doc.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, frame);
}

/** The replay's drawing of the visitor's mouse: the visitor's own screenshot has no cursor either. */
const REPLAY_MOUSE = ".replayer-mouse{visibility:hidden!important}";

/** The mirror's frame as painted in the agent's window, at the visitor's size (the scale must be 1). */
export async function mirrorScreenshot(agent: Page): Promise<Buffer> {
  await settled(agent, REPLAY_IFRAME);
  const scale = await agent.getByTestId("replay-root").evaluate((root) => root.getBoundingClientRect().width / (root as HTMLElement).offsetWidth);
  expect(scale, "the agent's window shows the mirror at scale 1").toBe(1);
  const box = (await agent.locator(REPLAY_IFRAME).boundingBox())!;
  return agent.screenshot({ clip: { x: box.x, y: box.y, width: VISITOR_VIEWPORT.width, height: VISITOR_VIEWPORT.height }, style: REPLAY_MOUSE });
}

/** The visitor's viewport, without Tandem's own elements (which the mirror never shows). */
export async function visitorScreenshot(visitor: Page): Promise<Buffer> {
  await settled(visitor);
  return visitor.screenshot({ style: TANDEM_UI });
}

/**
 * The fraction (0–1) of pixels that differ between the visitor's viewport and the agent's mirror
 * (pixelmatch's default colour threshold, anti-aliasing ignored). `diffPath` writes the difference image.
 */
export async function pixelDifference(pair: Pair, diffPath?: string): Promise<number> {
  return differingShare(await visitorScreenshot(pair.visitor), await mirrorScreenshot(pair.agent), diffPath);
}

/** The fraction of pixels that differ between two screenshots of one size, as `pixelDifference` counts them. */
export async function differingShare(visitorPng: Buffer, mirrorPng: Buffer, diffPath?: string): Promise<number> {
  const visitor = PNG.sync.read(visitorPng);
  const mirror = PNG.sync.read(mirrorPng);
  const { width, height } = visitor;
  const diff = new PNG({ width, height });
  const differing = pixelmatch(visitor.data, mirror.data, diff.data, width, height, { threshold: 0.1 });
  if (diffPath) await import("node:fs").then((fs) => fs.writeFileSync(diffPath, PNG.sync.write(diff)));
  return differing / (width * height);
}

declare global {
  interface Window {
    __fidelityLongTasks?: { start: number; duration: number }[];
  }
}

/** Runs in the visitor's page before its scripts: keeps every long task (over 50 ms) the browser reports. */
function installLongTaskProbe() {
  if (window.top !== window) return;
  const tasks: { start: number; duration: number }[] = (window.__fidelityLongTasks = []);
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push({ start: entry.startTime, duration: entry.duration }))).observe({
    type: "longtask",
    buffered: true,
  });
}

/** The page's clock now (performance.now()): pass it to `longestTask` to look only at what follows. */
export function pageClock(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/**
 * The longest task (ms) on the visitor's page since `since`; 0 when none exceeded 50 ms, the shortest
 * the browser reports. Waits a moment first, since long tasks are reported after they end.
 */
export async function longestTask(page: Page, since = 0): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  return page.evaluate((from) => Math.max(0, ...(window.__fidelityLongTasks ?? []).filter((task) => task.start >= from).map((task) => task.duration)), since);
}

/** What shows that a change reached the mirror: an element matching `selector`, scrolled to `scrollTop` if given. */
export interface Appearance {
  selector: string;
  scrollTop?: number;
}

/**
 * Milliseconds from `change` on the visitor's page to its appearance in the mirror, watched on every
 * frame the agent's browser paints. Both pages run on this machine's clock.
 */
export async function mirrorDelay(pair: Pair, change: (visitor: Page) => Promise<void>, appearance: Appearance): Promise<number> {
  const seen = pair.agent.evaluate(
    ({ frame, selector, scrollTop }) =>
      new Promise<number>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const look = () => {
          const doc = (document.querySelector(frame) as HTMLIFrameElement).contentDocument;
          const element = doc?.querySelector(selector);
          const scroller = element === doc?.documentElement ? doc?.scrollingElement : element;
          if (element && (scrollTop === undefined || Math.abs((scroller?.scrollTop ?? -1) - scrollTop) < 1)) return resolve(Date.now());
          if (Date.now() > deadline) return reject(new Error(`The mirror never showed ${selector}`));
          requestAnimationFrame(look);
        };
        look();
      }),
    { frame: REPLAY_IFRAME, ...appearance },
  );
  const changed = Date.now();
  await change(pair.visitor);
  return (await seen) - changed;
}

/** Where, in the agent's window, the mirror shows the centre of the element matching `selector`. */
export async function overlayPoint(pair: Pair, selector: string): Promise<{ x: number; y: number }> {
  const rect = await pair
    .mirror()
    .locator(selector)
    .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  const root = await pair.agent.getByTestId("replay-root").evaluate((element) => ({
    ...(element.getBoundingClientRect().toJSON() as DOMRect),
    scale: element.getBoundingClientRect().width / (element as HTMLElement).offsetWidth,
  }));
  return { x: root.x + (rect.x + rect.width / 2) * root.scale, y: root.y + (rect.y + rect.height / 2) * root.scale };
}

/** Where, in the agent's window, the mirror shows the point (x, y) of the visitor's viewport. */
export async function agentPoint(pair: Pair, x: number, y: number): Promise<{ x: number; y: number }> {
  const root = await pair.agent.getByTestId("replay-root").evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x, y: box.y, scale: box.width / (element as HTMLElement).offsetWidth };
  });
  return { x: root.x + x * root.scale, y: root.y + y * root.scale };
}
