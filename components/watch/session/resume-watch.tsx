"use client";

import { useEffect, useState } from "react";
import { watchSessionResponseSchema, type WatchSession } from "@/lib/contract";
import { endpointUrl } from "@/lib/contract/endpoint-url";
import { liveRoutes } from "@/lib/contract/endpoints/live-routes";
import { Skeleton } from "@/components/ui/skeleton";
import { exchangeLink, storedCredential } from "./tab-credential";
import { startFramedViewer } from "../embed/viewer-handshake";
import { WatchNotice } from "../watch-notice";
import { WatchView } from "../watch-view";

type Resume =
  { state: "loading" } | { state: "unavailable" } | { state: "ready"; session: WatchSession } | { state: "refused" } | { state: "error"; message: string };

/** How long a watch page waits before asking again while the service is briefly unavailable. */
const RETRY_MS = 3_000;

/**
 * A reloaded watch page: the session comes back with the viewer token this tab keeps. Another tab or
 * browser has none (the watch link opens once), and is told how to join; in the embeddable viewer's
 * frame, the page around it hands over a v1.4 viewer token instead. A watch link whose session the
 * service could not describe at once (briefly unavailable) hands its `token` over to this page.
 */
export function ResumeWatch({ sessionId, token: handedOver }: { sessionId: string; token?: string }) {
  const [resume, setResume] = useState<Resume>({ state: "loading" });

  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const token = storedCredential("viewer", sessionId);
      if (!token) {
        // Framed by the embeddable viewer: the page around it hands the frame its viewer token.
        const started = await startFramedViewer(sessionId);
        if (!started) return setResume({ state: "refused" });
        return setResume(started.ok ? { state: "ready", session: started.session } : { state: "error", message: started.message });
      }
      try {
        const response = await fetch(endpointUrl(liveRoutes.describeWatchSession, "", { id: sessionId }), { headers: { authorization: `Bearer ${token}` } });
        if (cancelled) return;
        if (response.status === 401 || response.status === 403 || response.status === 404) return setResume({ state: "refused" });
        if (response.status === 503) {
          setResume({ state: "unavailable" });
          return void (retry = setTimeout(() => void load(), RETRY_MS));
        }
        if (!response.ok) return setResume({ state: "error", message: `The service answered ${response.status}.` });
        setResume({ state: "ready", session: watchSessionResponseSchema.parse(await response.json()).session });
      } catch {
        if (!cancelled) setResume({ state: "error", message: "The service could not be reached; check your connection and reload." });
      }
    };
    if (handedOver) exchangeLink("viewer", sessionId, handedOver);
    void load();
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [sessionId, handedOver]);

  if (resume.state === "loading") return <Skeleton className="m-4 h-80" />;
  if (resume.state === "unavailable") {
    return (
      <WatchNotice title="Tandem is briefly unavailable" passing>
        Your session is kept: this page tries again in a few seconds.
      </WatchNotice>
    );
  }
  if (resume.state === "refused") {
    return (
      <WatchNotice title="This session is not open in this browser">
        A watch link opens once, in the tab that opened it. To join, go back to the console and press <strong>Co-browse</strong> again.
      </WatchNotice>
    );
  }
  if (resume.state === "error") return <WatchNotice title="The session could not be loaded">{resume.message}</WatchNotice>;
  return <WatchView session={resume.session} />;
}
