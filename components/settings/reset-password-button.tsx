"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { createPasswordReset } from "@/lib/console/account/actions";

type Created = { link: string; email: string; expiresAt: string; emailed: boolean; emailError?: string };

/** "Reset password" → a confirmation → the one-time link, shown once in a dialog and dropped when it closes. */
export function ResetPasswordButton({ user, emailConfigured }: { user: { id: string; email: string }; emailConfigured: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const create = () =>
    start(async () => {
      const result = await createPasswordReset({ userId: user.id });
      setConfirming(false);
      if (!result.ok) return setError(result.error);
      setError(null);
      setCreated(result.data);
    });

  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={`Reset password of ${user.email}`}>
        Reset password
      </Button>
      {error ? <Alert>{error}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title={`Reset the password of ${user.email}?`}
        description={`A one-time link to set a new password is created${emailConfigured ? " and emailed to them" : ""}. It works once, for 24 hours; their sessions end when it is used. Any older link stops working.`}
        confirmLabel="Create reset link"
        pending={pending}
        onConfirm={create}
        onClose={() => setConfirming(false)}
      />
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={`Reset link for ${created?.email ?? ""}`}
        description="Copy the link now: it is shown this once. Whoever opens it can set the password, so hand it only to this user."
      >
        <code data-testid="password-reset-link" className="rounded bg-zinc-100 px-2 py-2 font-mono text-sm break-all dark:bg-zinc-800">
          {created?.link}
        </code>
        {created?.emailed ? <p className="text-sm text-zinc-600 dark:text-zinc-400">It was also emailed to {created.email}.</p> : null}
        {created?.emailError ? <Alert>{created.emailError}</Alert> : null}
        <div className="flex justify-end gap-2">
          {created ? <CopyButton value={created.link} label="Copy link" /> : null}
          <Button onClick={() => setCreated(null)}>Done</Button>
        </div>
      </Dialog>
    </>
  );
}
