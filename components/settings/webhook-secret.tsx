"use client";

import { useState, useTransition } from "react";
import { revealWebhookSecret, rotateWebhookSecret } from "@/lib/console/settings/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SecretRow } from "./webhook-secret-row";

/**
 * The webhook signing secret, masked: the page never carries it; "Reveal" fetches it through an audited
 * action, and rotating asks first (receivers must be given the new secret).
 */
export default function WebhookSecret() {
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  const reveal = () =>
    startTransition(async () => {
      const result = await revealWebhookSecret({});
      setError(result.ok ? null : result.error);
      setSecret(result.ok ? result.data : null);
    });

  const rotate = () =>
    startTransition(async () => {
      const result = await rotateWebhookSecret({});
      setConfirming(false);
      setError(result.ok ? null : result.error);
      setSecret(null);
      setNotice(result.ok ? "The secret was rotated. Give the new one to every webhook receiver." : null);
    });

  return (
    <div className="flex flex-col gap-3">
      <SecretRow secret={secret}>
        {secret ? (
          <>
            <CopyButton value={secret} label="Copy secret" />
            <Button variant="ghost" onClick={() => setSecret(null)}>
              Hide
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={reveal} disabled={pending}>
            Reveal secret
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={pending}>
          Rotate secret
        </Button>
      </SecretRow>
      {error ? <Alert>{error}</Alert> : null}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title="Rotate the webhook secret?"
        description="Webhooks are signed with the new secret at once; receivers that still check the old one will reject them until you update them."
        confirmLabel="Rotate secret"
        pending={pending}
        onConfirm={rotate}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
