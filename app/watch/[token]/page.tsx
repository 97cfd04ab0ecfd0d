import type { Metadata } from "next";
import { connection } from "next/server";
import { WatchNotice } from "@/components/watch/watch-notice";
import { WatchView } from "@/components/watch/watch-view";
import { getDb } from "@/lib/db";
import { describeWatchSession } from "@/lib/service/live/watch-view";
import { openWatchLink, type OpenedWatchLink } from "@/lib/service/sessions/watch-links";
import { liveRelay } from "@/lib/service/live/node-relay";
import { isUnavailable, RETRY_AFTER_SECONDS } from "@/lib/availability/unavailable";
import { ReloadSoon } from "@/components/watch/reload-soon";
import { ResumeWatch } from "@/components/watch/session/resume-watch";
import { signViewerToken } from "@/lib/service/live/viewer-token";

/** Opens the link, unless PostgreSQL or Redis cannot serve the session now (the link is then left unopened). */
async function openWhenServing(token: string): Promise<OpenedWatchLink | "unavailable"> {
  try {
    await liveRelay().check();
    return await openWatchLink(await getDb(), token);
  } catch (error) {
    if (isUnavailable(error)) return "unavailable";
    throw error;
  }
}

/** Why a link did not start its session, in one sentence. */
function sessionLimitMessage(limit: number): string {
  if (limit === 0) return "Your account allows no co-browsing sessions at the moment.";
  if (limit === 1) return "Your account allows 1 co-browsing session at a time, and it is in use.";
  return `Your account allows ${limit} co-browsing sessions at the same time, and all are in use.`;
}

export const metadata: Metadata = { title: "Co-browsing session", robots: { index: false } };

/**
 * The page behind a Secure watch link: opening it starts the session and hands this tab a
 * session-scoped viewer token; the page then replaces the link in its address with the session's
 * (/watch/session/<id>). The link opens once: any later open is refused.
 */
export default async function WatchPage(props: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await props.params;
  // The link opens once: only when the page can be shown, so an outage never spends it.
  const opened = await openWhenServing(token);
  if (opened === "unavailable") {
    return (
      <WatchNotice title="Tandem is briefly unavailable" passing>
        <ReloadSoon seconds={RETRY_AFTER_SECONDS + 1} />
        Your link is still good: this page tries again in a few seconds.
      </WatchNotice>
    );
  }
  if (!opened.ok && opened.reason === "expired") {
    return (
      <WatchNotice title="This watch link has expired">
        Watch links work for a few minutes only. Go back to the console and press <strong>Co-browse</strong> again.
      </WatchNotice>
    );
  }
  if (!opened.ok && opened.reason === "opened") {
    return (
      <WatchNotice title="This watch link has already been opened">
        A watch link opens once, in the browser that opened it first. To join the session, go back to the console and press <strong>Co-browse</strong> again.
      </WatchNotice>
    );
  }
  if (!opened.ok && opened.reason === "session_limit") {
    return (
      <WatchNotice title="Too many sessions at once">
        {sessionLimitMessage(opened.limit)} End a session in the console, then open this link again or press <strong>Co-browse</strong> once more.
      </WatchNotice>
    );
  }
  if (!opened.ok) {
    return <WatchNotice title="This watch link is not valid">Check that the whole link was copied, or start again from the console.</WatchNotice>;
  }
  const session = await describeWatchSession(await getDb(), opened.sessionId, opened.agentId).catch((error: unknown) => {
    if (isUnavailable(error)) return "unavailable" as const;
    throw error;
  });
  // The link is spent: the tab gets the session's credential and loads the rest once the service answers.
  if (session === "unavailable")
    return <ResumeWatch sessionId={opened.sessionId} token={await signViewerToken({ sessionId: opened.sessionId, agentId: opened.agentId })} />;
  if (!session) return <WatchNotice title="This session no longer exists">Start a new session from the console.</WatchNotice>;
  return <WatchView session={session} />;
}
