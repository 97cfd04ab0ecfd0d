import { setTeam } from "../support/api";
import { expect, test } from "../support/fixtures";
import { fidelitySuite, openPair, pixelDifference, type Pair } from "./support/fidelity";

/**
 * What the visitor did before the session started is in the agent's first view: a scrolled pane (whose
 * many lines go out in the snapshot's slices), checked and unchecked boxes and radios, a chosen option,
 * typed and emptied fields, a canvas drawn at load. The same for a fresh snapshot (an agent who joins
 * later). Masked values never leave the page.
 */
const suite = fidelitySuite({ canvas_capture_enabled: true });

const SECRETS = ["hunter2", "4242424242424242"];

/** The mirror's live state of the page's controls, as a person would see it (null while it is being built). */
const mirrorState = (pair: Pair) =>
  pair
    .mirror()
    .locator("body")
    .evaluate((body) => {
      const doc = body.ownerDocument;
      const control = (id: string) => doc.getElementById(id) as HTMLInputElement;
      return {
        pane: doc.getElementById("pane")!.scrollTop,
        agree: control("agree").checked,
        news: control("news").checked,
        pro: control("pro").checked,
        basic: control("basic").checked,
        size: (doc.getElementById("size") as HTMLSelectElement).value,
        name: control("name").value,
        city: control("city").value,
        notes: control("notes").value,
        cleared: control("cleared").value,
        secret: control("secret").value,
        // A masked element is an empty box in the mirror, without even its id.
        masked: doc.querySelector(".no-cobrowse")?.childNodes.length,
        chart: getComputedStyle(doc.getElementById("chart")!).backgroundImage.slice(0, 27),
      };
    })
    .catch(() => null);

test("the first snapshot and a fresh one carry the page's live state; masked values stay on the page", async ({ browser }) => {
  await setTeam(suite.live.api, { canvas_capture_enabled: true });
  const sent: string[] = [];
  const pair = await openPair(browser, suite, "live-state.html", {
    ready: "#pane",
    async beforeAgent(visitor) {
      visitor.on("request", (request) => void (request.url().includes("/collect/") && sent.push(request.postData() ?? "")));
      await visitor.locator("#pane").evaluate((pane) => (pane.scrollTop = 437));
      await visitor.locator("#agree").uncheck();
      await visitor.locator("#news").check();
      await visitor.locator("#pro").check();
      await visitor.locator("#size").selectOption("L");
      await visitor.locator("#name").fill("");
      await visitor.locator("#city").fill("Paris");
      await visitor.locator("#secret").fill(SECRETS[0]);
      await visitor.locator("#card-number").fill(SECRETS[1]);
      await visitor.locator("#notes").fill("Typed before");
      await visitor.locator("#cleared").fill("");
      // Nothing focused or hovered: the mirror shows neither.
      await visitor.locator("#cleared").blur();
      await visitor.mouse.move(700, 500);
    },
  });
  const expected = {
    pane: 437,
    agree: false,
    news: true,
    pro: true,
    basic: false,
    size: "L",
    name: "",
    city: "Paris",
    notes: "Typed before",
    cleared: "",
    secret: "*******",
    masked: 0,
    chart: 'url("data:image/png;base64,',
  };
  await expect.poll(() => mirrorState(pair)).toEqual(expected);
  const difference = await pixelDifference(pair, test.info().outputPath("live-state-diff.png"));
  console.log(`live state: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.01);

  // More changes, then the agent opens the page again: a fresh snapshot, with the state as it is now.
  await pair.visitor.locator("#pane").evaluate((pane) => (pane.scrollTop = 1500));
  await pair.visitor.locator("#agree").check();
  await pair.visitor.locator("#basic").check();
  await pair.visitor.locator("#size").selectOption("S");
  await pair.agent.reload();
  await expect(pair.agent.getByTestId("visitor-status")).toHaveAttribute("data-status", "live");
  await expect.poll(() => mirrorState(pair)).toEqual({ ...expected, pane: 1500, agree: true, pro: false, basic: true, size: "S" });
  expect(sent.length).toBeGreaterThan(0);
  for (const secret of SECRETS) expect(sent.join("\n")).not.toContain(secret);
  await pair.close();
});
