"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/console/action";

/**
 * A button that asks before doing something that can't be undone, and shows why it failed. A
 * successful action either redirects or calls `onDone`.
 */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  variant = "secondary",
  action,
  onDone,
}: {
  label: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  variant?: "secondary" | "danger";
  action: () => Promise<ActionResult<unknown> | undefined>;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const confirm = () =>
    startTransition(async () => {
      const result = await action();
      if (result && !result.ok) {
        setError(result.error);
        return;
      }
      setOpen(false);
      onDone?.();
    });

  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} description={description}>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={pending}>
            {pending ? "Working…" : confirmLabel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
