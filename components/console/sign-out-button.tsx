"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import { fetchRead } from "./fetch-read";

/** Where to go once signed out: the identity provider's sign-out page when the session came from it. */
async function providerSignOutUrl(): Promise<string | null> {
  try {
    return (await fetchRead(READ_ROUTES.signOut)).providerSignOutUrl;
  } catch {
    return null;
  }
}

// next-auth's client is loaded on the click, not with every console page.
async function signOutEverywhere() {
  const [{ signOut }, next] = await Promise.all([import("next-auth/react"), providerSignOutUrl()]);
  // The console session ends first, whatever the provider does next.
  await signOut({ redirect: false });
  window.location.assign(next ?? "/login");
}

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOutEverywhere().catch(() => setPending(false));
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
