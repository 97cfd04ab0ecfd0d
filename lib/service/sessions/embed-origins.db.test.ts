import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "@/lib/testing/test-database";
import { embedOriginsOfWatchPage, isWatchPage } from "./embed-origins";
import { createServiceApp } from "../routes";
import { newId } from "../core/ids";
import { recordingToken } from "./recording-token";
import { sessions } from "../core/schema";
import { signLink } from "../core/signing";
import { ensureDefaultTeam } from "../teams/team";
import { updateTeamSettings } from "../teams/admin";

vi.hoisted(() => {
  process.env.LINK_SIGNING_SECRET = "embed-origins-test-signing-secret-0123456789";
});

const ORIGINS = ["https://support.example.com", "https://help.example.org:8443"];
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let watchPath: string;
let recordingPath: string;
let sessionId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const team = await ensureDefaultTeam(database.db);
  await updateTeamSettings(database.db, team.id, { embed_origins: ORIGINS });
  const app = createServiceApp({ db: async () => database.db }).app;
  const registered = await app.request("/collect/register", {
    method: "POST",
    body: JSON.stringify({ publicKey: team.publicKey, url: "https://shop.example.com/" }),
  });
  const { visitorId } = (await registered.json()) as { visitorId: string };
  sessionId = newId("s_", 16);
  await database.db.insert(sessions).values({ id: sessionId, teamId: team.id, visitorId, videoStatus: "complete" });
  watchPath = `/watch/${await signLink("watch", { jti: "wl_test", sub: visitorId, team: team.id }, new Date(Date.now() + 60_000))}`;
  recordingPath = `/watch/recordings/${recordingToken(sessionId, new Date(Date.now() + 60_000))}`;
});
afterAll(async () => {
  await database.close();
});

describe("the origins that may frame a watch page", () => {
  it("are the team's, for a watch link and for a recording link", async () => {
    await expect(embedOriginsOfWatchPage(database.db, watchPath)).resolves.toEqual(ORIGINS);
    await expect(embedOriginsOfWatchPage(database.db, recordingPath)).resolves.toEqual(ORIGINS);
  });

  it("are the team's on the pages a link becomes once exchanged, which name the session", async () => {
    await expect(embedOriginsOfWatchPage(database.db, `/watch/session/${sessionId}`)).resolves.toEqual(ORIGINS);
    await expect(embedOriginsOfWatchPage(database.db, `/watch/recordings/session/${sessionId}`)).resolves.toEqual(ORIGINS);
    await expect(embedOriginsOfWatchPage(database.db, "/watch/session/s_unknown")).resolves.toEqual([]);
  });

  it("are none for a tampered or expired link", async () => {
    await expect(embedOriginsOfWatchPage(database.db, `${watchPath}x`)).resolves.toEqual([]);
    await expect(embedOriginsOfWatchPage(database.db, `${recordingPath}x`)).resolves.toEqual([]);
    const expired = await signLink("watch", { jti: "wl_old", team: "t_any" }, new Date(Date.now() - 1_000));
    await expect(embedOriginsOfWatchPage(database.db, `/watch/${expired}`)).resolves.toEqual([]);
  });

  it("are asked only for watch and recording pages", () => {
    expect(isWatchPage(watchPath)).toBe(true);
    expect(isWatchPage(recordingPath)).toBe(true);
    expect(isWatchPage(`/watch/session/${sessionId}`)).toBe(true);
    for (const path of ["/settings", "/watch/", "/watch/a/b", "/demo"]) expect(isWatchPage(path)).toBe(false);
  });
});
