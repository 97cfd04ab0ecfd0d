"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { FormStatus } from "@/components/settings/form-status";
import { NewPasswordFields } from "./new-password-fields";
import { useFormAction } from "@/components/settings/use-form-action";
import { resetPassword } from "@/lib/console/account/reset-actions";

export function ResetPasswordForm({ token }: { token: string }) {
  const [result, submit, pending, typed] = useFormAction(resetPassword);
  if (result?.ok) {
    return (
      <Alert tone="info" data-testid="reset-done">
        Your password is set.{" "}
        <Link href="/login?notice=password_reset" className="font-medium underline">
          Sign in
        </Link>{" "}
        with it.
      </Alert>
    );
  }
  return (
    <form action={submit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields result={result} typed={typed} autoFocus />
      <FormStatus result={result} />
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </Button>
    </form>
  );
}
