import type { Metadata } from "next";
import { connection } from "next/server";
import { RecordingPlayer } from "@/components/watch/recording-player";
import { WatchNotice } from "@/components/watch/watch-notice";
import { getDb } from "@/lib/db";
import { describeRecording } from "@/lib/service/live/recording-page";

export const metadata: Metadata = { title: "Session recording", robots: { index: false } };

/** The page behind a Session's `video_url`: the recorded session, with play, pause and seek. */
export default async function RecordingPage(props: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await props.params;
  const recording = await describeRecording(await getDb(), token);
  if (!recording)
    return <WatchNotice title="This recording link is not valid">Check that the whole link was copied, or open the session from the console.</WatchNotice>;
  if (recording.videoStatus === "recording") {
    return <WatchNotice title="This session is still going on">Its recording can be watched once the session has ended.</WatchNotice>;
  }
  return <RecordingPlayer visitorId={recording.visitorId} startedAt={recording.startedAt} eventsUrl={`/live/recordings/${encodeURIComponent(token)}/events`} />;
}
