import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/console/page-header";
import { SessionFacts } from "@/components/sessions/session-facts";
import { SessionNotesForm } from "@/components/sessions/session-notes-form";
import { SessionRatings } from "@/components/sessions/session-ratings";
import { SessionTimeline } from "@/components/sessions/session-timeline";
import { Section } from "@/components/ui/section";
import { requirePage } from "@/lib/console/auth/caller";
import { CONSOLE_PAGES } from "@/lib/console/pages";
import { findSession } from "@/lib/console/sessions/load-sessions";
import { agentIdsOf } from "@/lib/console/sessions/session-people";
import { formatUtc } from "@/lib/console/usage/format";

export const metadata: Metadata = { title: "Session" };

/** One session, reopened whenever: what happened, both ratings, and its notes to finish writing up. */
export default async function SessionPage(props: { params: Promise<{ id: string }> }) {
  const caller = await requirePage(CONSOLE_PAGES.session);
  // Outside any loading state, so a session that is gone (or not the caller's) answers 404 (not-found.tsx).
  const found = await findSession(caller, (await props.params).id);
  if (!found) notFound();
  const { session, extended } = found;
  const mine = agentIdsOf(session, caller);

  return (
    <>
      <PageHeader title={`Session with ${session.call_name ?? `visitor ${session.visitor_id}`}`} description={`Started ${formatUtc(session.started_at)}`}>
        <Link href={CONSOLE_PAGES.sessions.route} className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100">
          ← All sessions
        </Link>
      </PageHeader>
      <SessionFacts session={session} />
      <div className="grid gap-x-8 lg:grid-cols-2">
        <Section id="notes-heading" title="Notes">
          {extended ? (
            <SessionNotesForm sessionId={session.id} notes={session.agent_notes ?? ""} />
          ) : (
            <>
              <p className="text-sm whitespace-pre-line">{session.agent_notes || "No notes."}</p>
              <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">The co-browsing service this console uses keeps notes only from the watch page.</p>
            </>
          )}
        </Section>
        <Section id="ratings-heading" title="Ratings">
          <SessionRatings session={session} mine={mine} canRate={extended && session.ended_at !== null && session.went_live} />
        </Section>
      </div>
      <Section id="timeline-heading" title="Timeline">
        <SessionTimeline session={session} />
      </Section>
    </>
  );
}
