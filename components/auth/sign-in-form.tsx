"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** Email and password; the page around it gives the heading. */
export function SignInForm({ callbackPath, autoFocus = true }: { callbackPath: string; autoFocus?: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    }).catch(() => ({ ok: false, error: "Tandem did not answer. Check your connection and try again." }));
    if (result?.ok && !result.error) {
      router.replace(callbackPath);
      router.refresh();
      return;
    }
    setPending(false);
    setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Email or password is incorrect.");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Email" name="email" type="email" autoComplete="username" required autoFocus={autoFocus} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
