import { expect, test } from "../support/fixtures";
import { fidelitySuite, mirrorDelay, openPair } from "./support/fidelity";

/** The agent's mirror follows the visitor's scrolling at once: no smooth-scroll animation in between. */
const suite = fidelitySuite();

test("the mirror jumps to the visitor's scroll position, without animating through others", async ({ browser }) => {
  const pair = await openPair(browser, suite, "scroll-follow.html", { ready: "section" });
  const delay = await mirrorDelay(pair, (visitor) => visitor.evaluate(() => window.scrollTo({ top: 4000, behavior: "instant" })), {
    selector: "html",
    scrollTop: 4000,
  });
  console.log(`scroll delay: ${delay} ms from the visitor's scroll to the mirror's`);

  // Every scroll position the mirror shows, frame by frame, until it reaches the visitor's.
  const positions = pair.agent.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const deadline = Date.now() + 10_000;
        const look = () => {
          const doc = document.querySelector<HTMLIFrameElement>("[data-testid=replay-root] iframe")!.contentDocument!;
          const top = Math.round(doc.scrollingElement!.scrollTop);
          if (seen.at(-1) !== top) seen.push(top);
          if (top === 1000 || Date.now() > deadline) resolve(seen);
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
  await pair.visitor.evaluate(() => window.scrollTo({ top: 1000, behavior: "instant" }));
  expect(await positions).toEqual([4000, 1000]);
  await pair.close();
});
