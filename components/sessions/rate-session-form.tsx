"use client";

import { FormStatus } from "@/components/settings/form-status";
import { useFormAction } from "@/components/settings/use-form-action";
import { Button } from "@/components/ui/button";
import { RatingFields } from "@/components/ui/rating-fields";
import { rateSession } from "@/lib/console/sessions/actions";

/** The agent's own "How did this session go?", when the watch page's tab closed before they answered. */
export function RateSessionForm({ sessionId }: { sessionId: string }) {
  const [result, submit, pending] = useFormAction(rateSession);
  return (
    <form action={submit} aria-labelledby="rate-session-title" className="flex flex-col gap-3">
      <input type="hidden" name="sessionId" value={sessionId} />
      <p id="rate-session-title" className="text-sm font-medium">
        How did this session go?
      </p>
      <RatingFields />
      <FormStatus result={result && !result.ok ? { ...result, error: result.fieldErrors?.rating ?? result.error } : null} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send my rating"}
        </Button>
      </div>
    </form>
  );
}
