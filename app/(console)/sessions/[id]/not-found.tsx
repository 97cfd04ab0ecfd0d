import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function SessionNotFound() {
  return (
    <>
      <PageHeader title="Session not found" />
      <EmptyState
        title="There is no such session among yours"
        action={
          <Link href="/sessions" className={buttonClass("secondary")}>
            Back to sessions
          </Link>
        }
      >
        The address may be mistyped, or the session is another agent&apos;s. Yours are all under Sessions.
      </EmptyState>
    </>
  );
}
