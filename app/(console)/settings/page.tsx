import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/console/page-header";
import { SectionSkeleton, SETTINGS_SECTIONS } from "@/components/settings/settings-sections";
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
      {SETTINGS_SECTIONS.map(({ Content, loading, rows, ...section }) => (
        <Section key={section.id} {...section} fallback={<SectionSkeleton label={loading} rows={rows} />}>
          <Content caller={caller} />
        </Section>
      ))}
    </>
  );
}
