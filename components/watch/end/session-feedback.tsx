"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RatingFields } from "@/components/ui/rating-fields";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { viewerPost } from "../session/viewer-post";

async function refusal(response: Response): Promise<string> {
  if (response.status === 401) return "Your access to this session expired: the feedback could not be sent.";
  if (response.status === 409) return "Feedback for this session has already been sent.";
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return body.message ?? `The service refused the feedback (${response.status}).`;
}

/** "How did this session go?": the agent's rating of 1 to 5 and an optional comment, sent once. */
export function SessionFeedback({ sessionId, token, sent: sentBefore }: { sessionId: string; token: string; sent: boolean }) {
  const id = useId();
  const [sent, setSent] = useState(sentBefore);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (sent) return <p data-testid="feedback-sent">Thanks: your feedback on this session was sent.</p>;

  const submit = async (form: FormData) => {
    const rating = Number(form.get("rating"));
    if (!rating) return setError("Choose a rating from 1 to 5.");
    const comment = String(form.get("comment") ?? "").trim();
    setPending(true);
    setError(null);
    try {
      const response = await viewerPost(liveRoutes.sendAgentFeedback, sessionId, token, { rating, comment: comment || null });
      if (response.ok || response.status === 409) setSent(true);
      else setError(await refusal(response));
    } catch {
      setError("The feedback could not reach the service; check your connection and try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      action={(form) => void submit(form)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 border-t border-zinc-200 pt-3 dark:border-zinc-800"
    >
      <h3 id={`${id}-title`} className="font-medium">
        How did this session go?
      </h3>
      <RatingFields />
      {error ? <Alert role="alert">{error}</Alert> : null}
      <div>
        <Button type="submit" disabled={pending}>
          Send feedback
        </Button>
      </div>
    </form>
  );
}
