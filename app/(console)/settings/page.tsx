import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { PageHeader } from "@/components/console/page-header";
import { requirePageCaller } from "@/lib/console/caller";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  await requirePageCaller("admin");
  return (
    <>
      <PageHeader title="Settings" description="Connection, users, webhooks and keys." />
      <ComingSoon>The API this console is connected to and its latency, console users and roles, the webhook URL and secret, and the embedded service’s settings and API keys will be here.</ComingSoon>
    </>
  );
}
