"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FEEDBACK_COMMENT_MAX_LENGTH } from "@/lib/contract/agent";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { viewerPost } from "../session/viewer-post";

const RATINGS = [1, 2, 3, 4, 5] as const;
const RATING_WORDS = ["Very poorly", "Poorly", "OK", "Well", "Very well"];

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
      <fieldset role="radiogroup" aria-label="Rating" className="flex flex-wrap gap-2">
        <legend className="sr-only">Rating</legend>
        {RATINGS.map((rating) => (
          <label
            key={rating}
            title={RATING_WORDS[rating - 1]}
            className="flex cursor-pointer items-center gap-1.5 rounded-md border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-zinc-700 dark:has-checked:bg-brand-700/30"
          >
            <input type="radio" name="rating" value={rating} />
            {rating}
            <span className="sr-only"> of 5</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-comment`} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Comment (optional)
      </label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        rows={2}
        maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      />
      {error ? <Alert role="alert">{error}</Alert> : null}
      <div>
        <Button type="submit" disabled={pending}>
          Send feedback
        </Button>
      </div>
    </form>
  );
}
