import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { DEFAULT_URL_REDACTED_PARAMS } from "@/lib/contract";
import { sha256 } from "../../core/ids";
import { visitors } from "../../core/schema";
import { recordVisitorPageview } from "./pageview";
import { registerVisitor } from "./register";
import { desktopChrome, insertTeam, pageviewsOf, seconds, visitorRow } from "./test-fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const page = { url: "https://shop.example.com/pricing", title: "Pricing", referrer: "https://www.example.org/" };

describe("registerVisitor", () => {
  it("creates an online visitor with the client's fields, a 4-digit lookup code and a token stored only as its hash", async () => {
    const team = await insertTeam(database.db, { requireAuthorization: true, maskingSelectors: [".card-number"] });
    const now = new Date();
    const answer = await registerVisitor(database.db, team, page, desktopChrome, now);

    expect(answer.visitorId).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.lookupCode).toMatch(/^\d{4}$/);
    expect(answer.heartbeatSeconds).toBe(15);
    expect(answer.settings).toEqual({
      requireAuthorization: true,
      maskingSelectors: [".card-number"],
      frameOrigins: [],
      canvasCapture: true,
      urlRedactedParams: DEFAULT_URL_REDACTED_PARAMS,
    });

    const row = await visitorRow(database.db, answer.visitorId);
    expect(row).toMatchObject({
      teamId: team.id,
      ipAddress: "203.0.113.7",
      browserName: "Chrome",
      deviceType: "desktop",
      deviceName: "Windows PC",
      lastUrl: page.url,
      lookupCode: answer.lookupCode,
      isSupported: true,
      jsConfiguration: true,
      tokenHash: sha256(answer.token),
    });
    expect(row.tokenHash).not.toContain(answer.token);
    expect(row.lastSeenAt.getTime()).toBe(now.getTime());
    expect(row.onlineUntil.getTime()).toBe(seconds(now, 30).getTime());
    expect(row.searchText).toContain("shop.example.com/pricing");
    expect(await pageviewsOf(database.db, answer.visitorId)).toMatchObject([
      { url: page.url, title: "Pricing", referrer: page.referrer, durationSeconds: null },
    ]);
  });

  it("resumes the visitor whose id and token match, keeping its id, token and lookup code", async () => {
    const team = await insertTeam(database.db);
    const first = await registerVisitor(database.db, team, page, desktopChrome);
    const again = await registerVisitor(
      database.db,
      team,
      { ...page, url: "https://shop.example.com/cart", visitorId: first.visitorId, token: first.token },
      desktopChrome,
    );

    expect(again).toMatchObject({ visitorId: first.visitorId, token: first.token, lookupCode: first.lookupCode });
    expect((await visitorRow(database.db, first.visitorId)).lastUrl).toBe("https://shop.example.com/cart");
  });

  it("makes one visitor of a new visitor's registration sent again with its key (the first answer lost), and one per key", async () => {
    const team = await insertTeam(database.db);
    const other = await insertTeam(database.db);
    const registrationKey = randomBytes(16).toString("base64url");
    const first = await registerVisitor(database.db, team, { ...page, registrationKey }, desktopChrome);
    const again = await registerVisitor(database.db, team, { ...page, registrationKey }, desktopChrome);

    expect(again).toMatchObject({ visitorId: first.visitorId, token: first.token, lookupCode: first.lookupCode });
    expect((await visitorRow(database.db, first.visitorId)).tokenHash).toBe(sha256(first.token));
    expect(await pageviewsOf(database.db, first.visitorId)).toHaveLength(1);
    const another = await registerVisitor(database.db, team, { ...page, registrationKey: randomBytes(16).toString("base64url") }, desktopChrome);
    expect(another.visitorId).not.toBe(first.visitorId);
    const teamVisitors = await database.db.select({ id: visitors.shortId }).from(visitors).where(eq(visitors.teamId, team.id));
    expect(teamVisitors.map((row) => row.id).sort()).toEqual([first.visitorId, another.visitorId].sort());
    // The same key on another team's page is another visitor.
    const elsewhere = await registerVisitor(database.db, other, { ...page, registrationKey }, desktopChrome);
    expect(elsewhere.visitorId).not.toBe(first.visitorId);
    expect(elsewhere.token).not.toBe(first.token);
  });

  it("never resumes a visitor without its token, nor one of another team", async () => {
    const team = await insertTeam(database.db);
    const other = await insertTeam(database.db);
    const victim = await registerVisitor(database.db, team, page, desktopChrome);

    const guessed = await registerVisitor(database.db, team, { ...page, visitorId: victim.visitorId, token: "vt_guessed" }, desktopChrome);
    const crossTeam = await registerVisitor(database.db, other, { ...page, visitorId: victim.visitorId, token: victim.token }, desktopChrome);

    for (const answer of [guessed, crossTeam]) {
      expect(answer.visitorId).not.toBe(victim.visitorId);
      expect(answer.token).not.toBe(victim.token);
    }
    expect((await visitorRow(database.db, crossTeam.visitorId)).teamId).toBe(other.id);
    expect((await visitorRow(database.db, victim.visitorId)).tokenHash).toBe(sha256(victim.token));
  });

  it("stores and shows the page's URLs without the fragment or the values of secret-looking parameters, by the team's list", async () => {
    const team = await insertTeam(database.db, { urlRedactedParams: ["reset", "otp"] });
    const answer = await registerVisitor(
      database.db,
      team,
      { url: "https://shop.example.com/?reset_token=abc&OTP=123456&page=2#frag", referrer: "https://mail.example.org/open?otp=999#x" },
      desktopChrome,
    );
    expect(answer.settings.urlRedactedParams).toEqual(["reset", "otp"]);
    const row = await visitorRow(database.db, answer.visitorId);
    expect(row.lastUrl).toBe("https://shop.example.com/?reset_token=&OTP=&page=2");
    expect(row.searchText).not.toContain("abc");
    expect(await pageviewsOf(database.db, answer.visitorId)).toMatchObject([
      { url: "https://shop.example.com/?reset_token=&OTP=&page=2", referrer: "https://mail.example.org/open?otp=" },
    ]);

    await recordVisitorPageview(database.db, team, answer.visitorId, { url: "https://shop.example.com/account?reset=1&tab=2#secret", title: "Account" });
    expect((await visitorRow(database.db, answer.visitorId)).lastUrl).toBe("https://shop.example.com/account?reset=&tab=2");
    expect((await pageviewsOf(database.db, answer.visitorId)).at(-1)).toMatchObject({ url: "https://shop.example.com/account?reset=&tab=2" });
  });

  it("records no pageview when the team's history collection is off", async () => {
    const team = await insertTeam(database.db, { historyEnabled: false });
    const answer = await registerVisitor(database.db, team, page, desktopChrome);
    expect(await pageviewsOf(database.db, answer.visitorId)).toEqual([]);
    expect((await visitorRow(database.db, answer.visitorId)).lastUrl).toBe(page.url);
  });
});
