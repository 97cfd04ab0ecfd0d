import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function VisitorNotFound() {
  return (
    <>
      <PageHeader title="Visitor not found" />
      <EmptyState
        title="This visitor no longer exists"
        action={
          <Link href="/visitors" className={buttonClass("secondary")}>
            Back to visitors
          </Link>
        }
      >
        It may have been deleted or purged. Search the visitors to find who you were looking for.
      </EmptyState>
    </>
  );
}
