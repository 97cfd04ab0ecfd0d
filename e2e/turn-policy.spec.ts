import { createHmac } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "./support/fixtures";
import { turnSession } from "./support/turn-client";
import { startTurnServer, type RunningTurnServer } from "./support/turn-server";

// docs/deploy.md's coturn configuration, as written there, asked what it relays to. Only permissions are
// asked for: nothing is ever sent through a relay, so no address below is reached.
const HOST_SPECIFIC = /^(listening-port|tls-listening-port|external-ip|realm|use-auth-secret|static-auth-secret|cert|pkey|no-cli|fingerprint)\b/;

function documentedConfig(): string[] {
  const deploy = fs.readFileSync("docs/deploy.md", "utf8");
  const block = deploy.slice(deploy.indexOf("`/etc/turnserver.conf`:")).match(/```\n([\s\S]*?)```/)![1];
  return block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !HOST_SPECIFIC.test(line));
}

/** A credential of the TURN REST scheme, as Tandem mints one, expiring in `seconds`. */
function credential(secret: string, seconds: number, name: string) {
  const username = `${Math.floor(Date.now() / 1000) + seconds}:${name}`;
  return { username, password: createHmac("sha1", secret).update(username).digest("base64") };
}

let turn: RunningTurnServer;
test.beforeAll(async () => {
  turn = await startTurnServer({ config: documentedConfig(), loopbackPeers: false, ipv6: true });
});
test.afterAll(async () => turn?.stop());

test("the documented coturn refuses to relay to every special-purpose range, and to open TCP relays", async () => {
  const v4 = await turnSession(turn.port, credential(turn.secret, 60, "c_policy-visitor"));
  expect(await v4.allocate(), turn.output()).toMatchObject({ ok: true });
  const denied = [
    "0.1.2.3",
    "10.1.2.3",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "169.254.169.254",
    "172.16.5.4",
    "192.0.0.170",
    "192.168.1.1",
    "198.18.0.1",
    "198.19.255.254",
    "240.0.0.1",
    "255.255.255.255",
  ];
  for (const address of denied) expect((await v4.permit(address)).code, address).toBe(403);
  // The public internet is relayed to (TEST-NET-3: a permission, never a packet).
  expect(await v4.permit("203.0.113.5")).toMatchObject({ ok: true });
  v4.close();

  const v6 = await turnSession(turn.port, credential(turn.secret, 60, "c_policy6-visitor"));
  expect(await v6.allocate({ ipv6: true }), turn.output()).toMatchObject({ ok: true });
  for (const address of ["::1", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "::ffff:169.254.169.254", "::ffff:10.0.0.1"]) {
    expect((await v6.permit(address)).code, address).toBe(403);
  }
  expect(await v6.permit("2001:db8::5")).toMatchObject({ ok: true });
  v6.close();

  const tcp = await turnSession(turn.port, credential(turn.secret, 60, "c_policy-tcp"), { tcp: true });
  expect((await tcp.allocate({ tcp: true })).code).toBe(442);
  tcp.close();
});

test("a relay outlives its credential, which opens no relay once it expired", async () => {
  const short = credential(turn.secret, 2, "c_short-visitor");
  const open = await turnSession(turn.port, short);
  expect(await open.allocate()).toMatchObject({ ok: true });
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  // The call goes on: its relay is refreshed and takes new permissions with the key it was opened with.
  expect(await open.refresh()).toMatchObject({ ok: true });
  expect(await open.permit("203.0.113.6")).toMatchObject({ ok: true });
  open.close();
  // The same credential, leaked, opens nothing now.
  const late = await turnSession(turn.port, short);
  expect((await late.allocate()).code).toBe(401);
  late.close();
});
