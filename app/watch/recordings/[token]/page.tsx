import type { Metadata } from "next";
import { connection } from "next/server";
import { RecordingPlayer } from "@/components/watch/recording-player";
import { WatchNotice } from "@/components/watch/watch-notice";
import { getDb } from "@/lib/db";
import { findRecording } from "@/lib/service/live/recording-page";

export const metadata: Metadata = { title: "Session recording", robots: { index: false } };

/**
 * The page behind a Session's `video_url`: the recorded session, with play, pause and seek. The link
 * works for the team's recording-link lifetime; the page moves its token out of the address at once.
 */
export default async function RecordingPage(props: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await props.params;
  const recording = await findRecording(await getDb(), token);
  if (!recording.ok && recording.reason === "expired") {
    return (
      <WatchNotice title="This recording link has expired">
        Recording links work for a limited time. Open the session again in the console or through the API for a new link.
      </WatchNotice>
    );
  }
  if (!recording.ok && recording.reason === "gone") {
    return <WatchNotice title="This recording is not available">It was deleted with its visitor, or nothing of the session was recorded.</WatchNotice>;
  }
  if (!recording.ok)
    return <WatchNotice title="This recording link is not valid">Check that the whole link was copied, or open the session from the console.</WatchNotice>;
  if (!recording.complete) {
    return <WatchNotice title="This session is still going on">Its recording can be watched once the session has ended.</WatchNotice>;
  }
  return <RecordingPlayer sessionId={recording.sessionId} token={token} />;
}
