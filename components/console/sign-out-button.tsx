"use client";

import { Button } from "@/components/ui/button";

// next-auth's client is loaded on the click, not with every console page.
async function signOutToLogin() {
  const { signOut } = await import("next-auth/react");
  await signOut({ callbackUrl: "/login" });
}

export function SignOutButton() {
  return (
    <Button variant="secondary" className="w-full" onClick={() => void signOutToLogin()}>
      Sign out
    </Button>
  );
}
