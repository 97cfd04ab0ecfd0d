import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/console/page-header";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** A console page for something that is not there: what happened, why it may be so, and the way back. */
export function NotFoundPage({
  title,
  heading,
  back,
  children,
}: {
  title: string;
  heading: string;
  back: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={heading}
        action={
          <Link href={back.href} className={buttonClass("secondary")}>
            {back.label}
          </Link>
        }
      >
        {children}
      </EmptyState>
    </>
  );
}
