"use client";

import { PageError, type PageErrorProps } from "@/components/console/page-error";

export default function VisitorError({ error, retry }: Omit<PageErrorProps, "back">) {
  return <PageError error={error} retry={retry} back={{ href: "/visitors", label: "Back to visitors" }} />;
}
