"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Goes straight to the identity provider; it sends the browser back to `callbackPath` once signed in. */
export function SsoSignInButton({ providerId, providerName, callbackPath }: { providerId: string; providerName: string; callbackPath: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setPending(true);
    setError(null);
    // On success the browser leaves for the provider; a failure to reach Tandem leaves it here.
    await signIn(providerId, { callbackUrl: callbackPath }).catch(() => {
      setPending(false);
      setError("Tandem did not answer. Check your connection and try again.");
    });
  }

  return (
    <div className="flex flex-col gap-2">
      {error ? <Alert>{error}</Alert> : null}
      <Button onClick={() => void start()} disabled={pending} aria-busy={pending}>
        {pending ? `Redirecting to ${providerName}…` : `Sign in with ${providerName}`}
      </Button>
    </div>
  );
}
