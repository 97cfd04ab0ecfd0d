import type { Metadata } from "next";
import { ResumeWatch } from "@/components/watch/session/resume-watch";

export const metadata: Metadata = { title: "Co-browsing session", robots: { index: false } };

/**
 * Where the watch page lives once its link is exchanged: the address holds no credential, the tab's
 * viewer token (sessionStorage) brings the session back on a reload.
 */
export default async function WatchSessionPage(props: { params: Promise<{ id: string }> }) {
  const { id } = await props.params;
  return <ResumeWatch sessionId={id} />;
}
