"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { fetchRead } from "@/components/console/fetch-read";
import { READ_ROUTES } from "@/lib/console/reads/routes";
import type { ConnectionCheck } from "@/lib/console/reads/settings";

const MODE_LABELS = { embedded: "Embedded", cloud: "Hosted (cloud v1.3)", onprem: "On-premise" } as const;

/** Which API the console speaks to, whether it answers and how fast; "Check again" times a new call. */
export function ConnectionStatus({ initial }: { initial: ConnectionCheck }) {
  const [check, setCheck] = useState(initial);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checkAgain = async () => {
    setChecking(true);
    try {
      setCheck(await fetchRead(READ_ROUTES.connection));
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">API</dt>
        <dd data-testid="connection-label">{check.label}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Mode</dt>
        <dd>{MODE_LABELS[check.mode]}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Status</dt>
        <dd aria-live="polite" data-testid="connection-status">
          {checking ? (
            <span>Checking…</span>
          ) : failure ? (
            <Badge tone="danger">{failure}</Badge>
          ) : check.ok ? (
            <Badge tone="success">Answering in {check.latencyMs} ms</Badge>
          ) : (
            <Badge tone="danger" className="whitespace-normal">
              Not answering: {check.error}
            </Badge>
          )}
        </dd>
      </dl>
      <div>
        <Button variant="secondary" disabled={checking} onClick={() => void checkAgain()}>
          Check again
        </Button>
      </div>
    </div>
  );
}
