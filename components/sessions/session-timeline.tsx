import type { Session } from "@/lib/contract";
import { eventText, sessionTimeline } from "@/lib/console/sessions/timeline-text";
import { formatUtc } from "@/lib/console/usage/format";

/** What happened in the session, oldest first: asked, the visitor's answer, calls, the end and who ended it. */
export function SessionTimeline({ session }: { session: Session }) {
  const events = sessionTimeline(session);
  return (
    <div className="flex flex-col gap-2">
      <ol aria-label="Timeline" className="flex flex-col gap-2 border-l-2 border-zinc-200 pl-4 dark:border-zinc-800">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`} data-event={event.event} className="text-sm">
            <time dateTime={event.at} className="block text-xs text-zinc-500 dark:text-zinc-400">
              {formatUtc(event.at)}
            </time>
            {eventText(event)}
          </li>
        ))}
      </ol>
      {session.timeline ? null : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">The co-browsing service this console uses tells only when a session started and ended.</p>
      )}
    </div>
  );
}
