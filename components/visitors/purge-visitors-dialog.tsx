"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { purgeOfflineVisitors } from "@/lib/console/visitors/actions";
import { refreshVisitors } from "./use-visitors";

const CONFIRMATION = "PURGE";

/** Admins only: deletes every offline visitor after typing PURGE. */
export function PurgeVisitorsDialog() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const close = () => {
    setOpen(false);
    setTyped("");
    setError(null);
  };

  const purge = () =>
    startTransition(async () => {
      const outcome = await purgeOfflineVisitors({ confirmation: typed });
      if (!outcome.ok) {
        setError(outcome.error);
        return;
      }
      const { removed, atLeast } = outcome.data;
      setResult(`${atLeast ? "At least " : ""}${removed} offline ${removed === 1 ? "visitor was" : "visitors were"} removed. Online visitors were kept.`);
      close();
      // Every cached list (any search, any length) is out of date.
      await refreshVisitors();
    });

  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="danger"
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
      >
        Purge offline visitors
      </Button>
      {result ? (
        <Alert tone="info" data-testid="purge-result">
          {result}
        </Alert>
      ) : null}
      <Dialog
        open={open}
        onClose={close}
        title="Purge offline visitors"
        description={
          <>
            Every visitor who is offline now is deleted with their history. Online visitors are kept. This can&apos;t be undone. Type{" "}
            <strong>{CONFIRMATION}</strong> to confirm.
          </>
        }
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed === CONFIRMATION) purge();
          }}
        >
          <Field label="Confirmation" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={typed !== CONFIRMATION || pending}>
              {pending ? "Purging…" : "Purge"}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
