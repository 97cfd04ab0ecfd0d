import { describe, expect, it, vi } from "vitest";
import { watchUrlRequestSchema } from "@/lib/contract";
import { createWatchLink, openWatchLink } from "../../sessions/watch-links";
import { listVisitors } from "../read";
import { setHelpRequest } from "./help-request";
import { leaveVisitor } from "./leave";
import { recordVisitorPageview } from "./pageview";
import { registerVisitor } from "./register";
import { databaseWithTeam, desktopChrome, seconds, visitorRow } from "./test-fixtures";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "help-request-test-link-signing-secret-0123456789";
});

const fixture = databaseWithTeam();
const url = (path: string) => `https://shop.example.com${path}`;

describe("a visitor asking for help", () => {
  it("waits from the first request, keeps the place across pages, and stops on cancel", async () => {
    const { db, team } = fixture;
    const start = new Date(Date.now() - 60_000);
    const { visitorId, token } = await registerVisitor(db, team, { url: url("/"), title: "Home" }, desktopChrome, start);
    await setHelpRequest(db, team, visitorId, true, seconds(start, 5));
    await setHelpRequest(db, team, visitorId, true, seconds(start, 9));
    expect(await visitorRow(db, visitorId)).toMatchObject({ isWaitingForCall: true, waitingSince: seconds(start, 5) });

    // The page closes, the next one of the tab still asks: same place in the queue.
    await leaveVisitor(db, team, visitorId, seconds(start, 10));
    expect((await visitorRow(db, visitorId)).isWaitingForCall).toBe(false);
    await registerVisitor(db, team, { visitorId, token, url: url("/cart"), title: "Cart", waitingForCall: true }, desktopChrome, seconds(start, 11));
    expect(await visitorRow(db, visitorId)).toMatchObject({ isWaitingForCall: true, waitingSince: seconds(start, 5), lastTitle: "Cart" });

    const [visitor] = (await listVisitors(db, team, {})).filter((row) => row.short_id === visitorId);
    expect(visitor).toMatchObject({ is_waiting_for_call: true, waiting_since: seconds(start, 5).toISOString(), last_title: "Cart", last_url: url("/cart") });

    await setHelpRequest(db, team, visitorId, false, seconds(start, 20));
    expect(await visitorRow(db, visitorId)).toMatchObject({ isWaitingForCall: false, waitingSince: null });
  });

  it("ends when a page registers without asking (a new tab), and titles follow SPA pages", async () => {
    const { db, team } = fixture;
    const start = new Date(Date.now() - 60_000);
    const { visitorId, token } = await registerVisitor(db, team, { url: url("/") }, desktopChrome, start);
    await setHelpRequest(db, team, visitorId, true, seconds(start, 1));
    await registerVisitor(db, team, { visitorId, token, url: url("/") }, desktopChrome, seconds(start, 2));
    expect(await visitorRow(db, visitorId)).toMatchObject({ isWaitingForCall: false, waitingSince: null });

    await recordVisitorPageview(db, team, visitorId, { url: url("/help"), title: "Help centre" }, seconds(start, 3));
    expect((await visitorRow(db, visitorId)).lastTitle).toBe("Help centre");
  });
});

describe("a help request answered", () => {
  it("clears when a session starts with the visitor", async () => {
    const { db, team } = fixture;
    const { visitorId } = await registerVisitor(db, team, { url: url("/") }, desktopChrome);
    await setHelpRequest(db, team, visitorId, true);
    const link = await createWatchLink(db, team, visitorId, watchUrlRequestSchema.parse({ agent: { id: "a1", name: "Ada" } }));
    // Making the link is not the session: the visitor still waits until it opens.
    expect((await visitorRow(db, visitorId)).isWaitingForCall).toBe(true);
    expect(await openWatchLink(db, link.watch_url.slice(link.watch_url.lastIndexOf("/") + 1))).toMatchObject({ ok: true });
    expect(await visitorRow(db, visitorId)).toMatchObject({ isWaitingForCall: false, waitingSince: null });
  });
});
