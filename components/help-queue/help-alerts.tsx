"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { visitorDisplayName } from "@/components/visitors/visitor-badges";
import { playHelpChime } from "./alert-sound";
import { useHelpQueue } from "./use-help-queue";

/**
 * A sound and a browser notification when a visitor starts asking for help, on every console page,
 * unless the user turned them off. Requests already waiting when the page opened do not ring again.
 */
export function HelpAlerts() {
  const { data } = useHelpQueue();
  const known = useRef<Set<string> | null>(null);
  const router = useRouter();

  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.requests.map((request) => request.visitor.short_id));
    const fresh = known.current ? data.requests.filter((request) => !known.current!.has(request.visitor.short_id)) : [];
    known.current = ids;
    if (fresh.length === 0 || !data.alerts) return;
    playHelpChime();
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      const first = fresh[0].visitor;
      const notification = new Notification(fresh.length === 1 ? `${visitorDisplayName(first)} asks for help` : `${fresh.length} visitors ask for help`, {
        body: first.last_title || first.last_url || "",
        tag: `tandem-help-${first.short_id}`,
      });
      notification.onclick = () => {
        window.focus();
        router.push("/visitors");
      };
    }
  }, [data, router]);

  return null;
}
