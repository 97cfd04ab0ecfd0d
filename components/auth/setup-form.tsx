"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef } from "react";
import { createFirstAdmin, type SetupState } from "@/lib/console/setup/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export function SetupForm() {
  const router = useRouter();
  const [state, action, pending] = useActionState<SetupState, FormData>(createFirstAdmin, { ok: false });
  const password = useRef("");

  // Once the admin exists, sign them in with what they just typed.
  useEffect(() => {
    if (!state.ok || !state.email) return;
    void signIn("credentials", { email: state.email, password: password.current, redirect: false }).then(() => {
      router.replace("/usage");
      router.refresh();
    });
  }, [state, router]);

  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <div>
        <h1 className="text-lg font-semibold">Create the first admin</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">This Tandem has no users yet. The admin you create can add everyone else.</p>
      </div>
      {state.error ? <Alert>{state.error}</Alert> : null}
      <Field label="Name" name="name" autoComplete="name" required defaultValue={state.values?.name} error={state.fieldErrors?.name} />
      <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        onChange={(event) => (password.current = event.target.value)}
        error={state.fieldErrors?.password}
      />
      <Field label="Confirm password" name="confirm" type="password" autoComplete="new-password" required error={state.fieldErrors?.confirm} />
      <Button type="submit" disabled={pending || state.ok}>
        {pending || state.ok ? "Creating…" : "Create admin and sign in"}
      </Button>
    </form>
  );
}
