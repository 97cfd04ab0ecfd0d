"use client";

import { useState, useSyncExternalStore, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { setHelpAlerts } from "@/lib/console/help-queue/actions";
import { refreshHelpQueue } from "./use-help-queue";

const noSubscription = () => () => {};
const browserPermission = (): NotificationPermission | "unsupported" => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

/** The user's own switch for the sound and notification, and the browser's permission for the latter. */
export function HelpAlertsToggle({ enabled }: { enabled: boolean }) {
  const [pending, startTransition] = useTransition();
  // The box follows the click at once; the saved choice takes over whenever the server's answer changes.
  const [checked, setChecked] = useState(enabled);
  const [saved, setSaved] = useState(enabled);
  if (saved !== enabled) {
    setSaved(enabled);
    setChecked(enabled);
  }
  const [error, setError] = useState<string | null>(null);
  const [answered, setAnswered] = useState<NotificationPermission | null>(null);
  const initial = useSyncExternalStore(noSubscription, browserPermission, () => "unsupported" as const);
  const permission = answered ?? initial;

  const allow = async () => setAnswered(await Notification.requestPermission());
  const toggle = (next: boolean) => {
    setChecked(next);
    // Turning alerts on is the moment to ask the browser for notifications, within the user's click.
    if (next && permission === "default") void allow();
    startTransition(async () => {
      setError(null);
      const result = await setHelpAlerts({ enabled: next });
      if (!result.ok) {
        setError(result.error);
        setChecked(!next);
      }
      await refreshHelpQueue();
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={enabled} disabled={pending} onChange={(event) => toggle(event.target.checked)} className="h-4 w-4 accent-brand-600" />
        Sound and notification for new requests
      </label>
      {checked && permission === "default" ? (
        <Button variant="ghost" className="px-2 py-1" onClick={() => void allow()}>
          Allow browser notifications
        </Button>
      ) : null}
      {checked && permission === "denied" ? (
        <span className="text-zinc-600 dark:text-zinc-400">Notifications are blocked in this browser; the sound still plays.</span>
      ) : null}
      {error ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </div>
  );
}
