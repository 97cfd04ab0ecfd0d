import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { getDb } from "@/lib/db";
import { defaultTeam } from "@/lib/service/teams/team";
import { DemoShop } from "./demo-shop";

export const metadata: Metadata = { title: "Demo shop", robots: { index: false } };

/**
 * A small shop page that loads the visitor script, so a newcomer can open /demo in one window and
 * co-browse it from the console in another. The public key is the embedded service's default team's.
 */
export default async function DemoPage() {
  await connection();
  const team = await defaultTeam(await getDb());
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {team ? <script src="/cobrowse.js" data-public-key={team.publicKey} nonce={nonce} async /> : null}
      <DemoShop scriptReady={Boolean(team)} />
    </>
  );
}
