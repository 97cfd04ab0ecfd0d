import type { Metadata } from "next";
import { RecordingPlayer } from "@/components/watch/recording-player";

export const metadata: Metadata = { title: "Session recording", robots: { index: false } };

/** Where the replay page lives once its link is exchanged: the tab keeps the link's token, the address names the session. */
export default async function RecordingSessionPage(props: { params: Promise<{ id: string }> }) {
  const { id } = await props.params;
  return <RecordingPlayer sessionId={id} />;
}
