"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormStatus } from "@/components/settings/form-status";
import { NewPasswordFields } from "./new-password-fields";
import { fieldError, useFormAction } from "@/components/settings/use-form-action";
import { changePassword } from "@/lib/console/account/actions";

/** Every session of the user ends with the change, this one too: sign out and sign in with the new password. */
async function signOutAfterChange(): Promise<void> {
  const { signOut } = await import("next-auth/react");
  await signOut({ redirect: false });
}

export function ChangePasswordForm() {
  const [result, submit, pending, typed] = useFormAction(changePassword);
  const router = useRouter();
  useEffect(() => {
    if (result?.ok) void signOutAfterChange().finally(() => router.replace("/login?notice=password_changed"));
  }, [result, router]);
  return (
    <form action={submit} className="flex max-w-md flex-col gap-4" noValidate aria-labelledby="change-password-heading">
      <Field
        label="Current password"
        name="current"
        type="password"
        autoComplete="current-password"
        required
        defaultValue={typed.current}
        error={fieldError(result, "current")}
      />
      <NewPasswordFields result={result} typed={typed} />
      <FormStatus result={result} success={result?.ok ? "Password changed. Sign in again with the new one…" : undefined} />
      <div>
        <Button type="submit" disabled={pending || result?.ok}>
          {pending ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
