"use client";

import { PageError, type PageErrorProps } from "@/components/console/page-error";

export default function SessionError({ error, retry }: Omit<PageErrorProps, "back">) {
  return <PageError error={error} retry={retry} back={{ href: "/sessions", label: "Back to sessions" }} />;
}
