import type { Metadata } from "next";
import { connection } from "next/server";
import { ResetPasswordForm } from "@/components/account/reset-password-form";
import { Alert } from "@/components/ui/alert";
import { Logo } from "@/components/ui/logo";
import { resetTokenSchema } from "@/lib/console/account/forms";
import { resetTokenUsable } from "@/lib/console/account/passwords";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Set a new password" };

/** Public: the one-time token in the path is the credential. Nobody is signed in by it. */
export default async function ResetPasswordPage(props: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await props.params;
  const usable = resetTokenSchema.safeParse(token).success && (await resetTokenUsable(await getDb(), token));
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm">
        <Logo className="mb-8 flex items-center justify-center text-xl" />
        <div className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-lg font-semibold">Set a new password</h1>
          {usable ? <ResetPasswordForm token={token} /> : <Alert>This link is invalid, has expired or was already used. Ask an admin for a new one.</Alert>}
        </div>
      </div>
    </main>
  );
}
