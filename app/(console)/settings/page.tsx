import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/console/page-header";
import {
  ConnectionSection,
  KeysSection,
  LinksSection,
  SectionSkeleton,
  SignInSection,
  TeamSection,
  UsersSection,
} from "@/components/settings/settings-sections";
import { Section } from "@/components/ui/section";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const caller = await requirePage(CONSOLE_PAGES.settings);
  await connection();
  return (
    <>
      <PageHeader title="Settings" description="Connection, users, sign-in, co-browse links, the embedded service’s team and keys." />
      <Section id="connection-heading" title="Connection" description="The co-browsing API this console speaks to.">
        <Suspense fallback={<SectionSkeleton label="Checking the connection" rows={3} />}>
          <ConnectionSection />
        </Suspense>
      </Section>
      <Section id="users-heading" title="Console users" description="Who may sign in, and with which role.">
        <Suspense fallback={<SectionSkeleton label="Loading users" rows={4} />}>
          <UsersSection caller={caller} />
        </Suspense>
      </Section>
      <Section id="sign-in-heading" title="Sign-in" description="How the console is signed into, and what to register at your identity provider.">
        <Suspense fallback={<SectionSkeleton label="Loading sign-in methods" rows={4} />}>
          <SignInSection />
        </Suspense>
      </Section>
      <Section id="links-heading" title="Co-browse links" description="What every co-browse link the console creates carries.">
        <Suspense fallback={<SectionSkeleton label="Loading link settings" rows={4} />}>
          <LinksSection />
        </Suspense>
      </Section>
      <Section id="team-heading" title="Team" description="The embedded service’s settings for your website.">
        <Suspense fallback={<SectionSkeleton label="Loading team settings" rows={5} />}>
          <TeamSection />
        </Suspense>
      </Section>
      <Section id="keys-heading" title="Secret API keys" description="Keys that call the API as your team. A new key’s secret is shown once.">
        <Suspense fallback={<SectionSkeleton label="Loading API keys" rows={3} />}>
          <KeysSection />
        </Suspense>
      </Section>
    </>
  );
}
