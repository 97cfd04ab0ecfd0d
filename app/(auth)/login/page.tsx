import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { SetupForm } from "@/components/auth/setup-form";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Logo } from "@/components/ui/logo";
import { getCaller } from "@/lib/console/caller";
import { countUsers } from "@/lib/console/users";
import { getDb } from "@/lib/db";
import { safeCallbackPath } from "@/lib/console/callback-path";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const searchParams = await props.searchParams;
  const callbackPath = safeCallbackPath(searchParams.callbackUrl);
  if (await getCaller()) redirect(callbackPath);
  const firstRun = (await countUsers(await getDb())) === 0;

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm">
        <Logo className="mb-8 flex items-center justify-center text-xl" />
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          {firstRun ? <SetupForm /> : <SignInForm callbackPath={callbackPath} />}
        </div>
      </div>
    </main>
  );
}
