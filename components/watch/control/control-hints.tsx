import type { Ref } from "react";
import { LEAVE_KEYS } from "./input-messages";

/** What the agent's last action could not do on the visitor's page (a file to choose, a masked list). */
export function ControlNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p role="status" className="mt-1 text-center text-sm text-amber-700 dark:text-amber-400" data-testid="control-notice">
      {notice}
    </p>
  );
}

/** How to leave the mirror while every key goes to the visitor's page; focus lands here when the agent does. */
export function LeaveKeysHint({ ref }: { ref: Ref<HTMLParagraphElement> }) {
  return (
    <p ref={ref} tabIndex={-1} className="mt-1 text-center text-xs text-zinc-500 outline-none" data-testid="leave-keys-hint">
      While the page has focus, every key goes to the visitor&apos;s page. <kbd className="font-mono">{LEAVE_KEYS}</kbd> leaves it.
    </p>
  );
}
