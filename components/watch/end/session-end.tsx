"use client";

import { useEffect, useSyncExternalStore } from "react";
import { framed, postToParent } from "../embed/embed-bridge";
import { endReasonText, sessionLength } from "./end-reasons";
import { leaveWatchPage } from "./end-redirect";

interface Props {
  visitorId: string;
  endReason: string | null;
  endedHere: boolean;
  startedAt: string;
  endedAt: string | null;
  onEndUrl: string | null;
  /** What the agent is asked once it is over (the feedback form). */
  children?: React.ReactNode;
}

/** Being framed never changes during a page's life. */
const noChange = () => () => {};

const LINK = "font-medium text-brand-600 hover:underline dark:text-brand-100";

/** A link away from the spent watch page that replaces it in history (Back skips it). */
function LeaveLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      className={LINK}
      onClick={(event) => {
        event.preventDefault();
        leaveWatchPage(href);
      }}
    >
      {children}
    </a>
  );
}

/**
 * What the watch page becomes once the session is over: what ended, who ended it, how long it lasted,
 * and a way on (the link's `on_end_url`, the embedding page, or the console), never a dead end.
 */
export function SessionEnd(props: Props) {
  // The server render cannot know whether the page is framed: it renders as not framed.
  const inFrame = useSyncExternalStore(noChange, framed, () => false);
  useEffect(() => {
    if (inFrame) postToParent({ type: "sessionEnded", reason: "ended" });
  }, [inFrame]);
  const length = sessionLength(props.startedAt, props.endedAt);
  const visitorPath = `/visitors/${encodeURIComponent(props.visitorId)}`;

  return (
    <section
      aria-labelledby="session-end-title"
      data-testid="session-ended"
      className="mx-auto flex w-full max-w-lg flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="session-end-title" className="text-lg font-semibold">
        The session with visitor {props.visitorId} has ended.
      </h2>
      <p data-testid="session-end-reason">{endReasonText(props.endReason, props.endedHere)}</p>
      {length ? <p data-testid="session-length">It lasted {length}.</p> : null}
      {props.children}
      {inFrame ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The page around this one has been told.</p>
      ) : props.onEndUrl ? (
        <p>
          Taking you on… <LeaveLink href={props.onEndUrl}>Continue</LeaveLink>
        </p>
      ) : (
        <nav aria-label="After the session" className="flex flex-wrap gap-4">
          <LeaveLink href={visitorPath}>Back to the visitor</LeaveLink>
          <LeaveLink href="/visitors">Back to Visitors</LeaveLink>
        </nav>
      )}
    </section>
  );
}
