import type { QualityFeedback, Session } from "@/lib/contract";
import { agentRatings, visitorRating } from "@/lib/console/sessions/session-people";
import { formatUtc } from "@/lib/console/usage/format";
import { RateSessionForm } from "./rate-session-form";

function Rating({ label, entry, none }: { label: string; entry: QualityFeedback | null; none: string }) {
  return (
    <div data-testid={`rating-${label.toLowerCase().replace(/\W+/g, "-")}`}>
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      {entry ? (
        <p className="mt-0.5">
          <span className="text-lg font-semibold tabular-nums">{entry.rating}/5</span>
          {entry.comment ? <span className="ml-2 text-sm">“{entry.comment}”</span> : null}
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">{formatUtc(entry.created_at)}</span>
        </p>
      ) : (
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{none}</p>
      )}
    </div>
  );
}

/**
 * The visitor's rating and the agents' own, apart: an agent's average counts only the visitors'. The
 * caller, an agent of the session who has not answered yet, may answer here (`mine` are their agent ids).
 */
export function SessionRatings({ session, mine, canRate }: { session: Session; mine: string[]; canRate: boolean }) {
  const own = agentRatings(session, mine)[0] ?? null;
  const others = agentRatings(session).filter((entry) => entry !== own);
  return (
    <div className="flex flex-col gap-4">
      <Rating label="Visitor's rating" entry={visitorRating(session)} none="The visitor did not rate this session." />
      {mine.length > 0 ? (
        own || !canRate ? (
          <Rating label="Your rating" entry={own} none={session.ended_at ? "You did not rate this session." : "You can rate it once it has ended."} />
        ) : (
          <RateSessionForm sessionId={session.id} />
        )
      ) : null}
      {others.map((entry) => (
        <Rating key={entry.created_at} label="Agent's rating" entry={entry} none="" />
      ))}
      {mine.length === 0 && others.length === 0 ? <Rating label="Agent's rating" entry={null} none="No agent rated this session." /> : null}
    </div>
  );
}
