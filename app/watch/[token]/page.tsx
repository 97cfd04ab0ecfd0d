import type { Metadata } from "next";
import { connection } from "next/server";
import { getDb } from "@/lib/db";
import { describeWatchSession } from "@/lib/service/watch-session";
import { openWatchLink } from "@/lib/service/watch-links";

export const metadata: Metadata = { title: "Co-browsing session", robots: { index: false } };

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <section className="max-w-md rounded-xl border border-zinc-200 bg-white p-6 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-lg font-semibold">{title}</h1>
        <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      </section>
    </main>
  );
}

/** The page behind a Secure watch link: opening it starts (or rejoins) the session. */
export default async function WatchPage(props: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await props.params;
  const db = await getDb();
  const opened = await openWatchLink(db, token);
  if (!opened.ok && opened.reason === "expired") {
    return (
      <Notice title="This watch link has expired">
        Watch links work for a few minutes only. Go back to the console and press <strong>Co-browse</strong> again.
      </Notice>
    );
  }
  if (!opened.ok) {
    return <Notice title="This watch link is not valid">Check that the whole link was copied, or start again from the console.</Notice>;
  }
  const session = await describeWatchSession(db, opened.sessionId);
  return (
    <Notice title={`Session with visitor ${session.visitorId}`}>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-left">
        <dt className="font-medium">Status</dt>
        <dd data-testid="session-status">{session.status}</dd>
        <dt className="font-medium">Agents</dt>
        <dd>{session.agents.join(", ")}</dd>
        <dt className="font-medium">Allowed</dt>
        <dd>{session.allowed.join(", ") || "viewing only"}</dd>
      </dl>
    </Notice>
  );
}
