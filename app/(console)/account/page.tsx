import type { Metadata } from "next";
import { connection } from "next/server";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { PageHeader } from "@/components/console/page-header";
import { Section } from "@/components/ui/section";
import { hasPassword } from "@/lib/console/account/passwords";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";
import { ROLE_LABELS } from "@/lib/console/auth/roles";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const caller = await requirePage(CONSOLE_PAGES.account);
  await connection();
  const withPassword = await hasPassword(await getDb(), caller.id);
  return (
    <>
      <PageHeader title="Account" description={`${caller.name} · ${caller.email} · ${ROLE_LABELS[caller.role]}`} />
      <Section
        id="change-password-heading"
        title="Change your password"
        description="Every session of yours ends, this one too; sign in again with the new password."
      >
        {withPassword ? (
          <ChangePasswordForm />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">You sign in with single sign-on: your password is kept by your identity provider.</p>
        )}
      </Section>
    </>
  );
}
