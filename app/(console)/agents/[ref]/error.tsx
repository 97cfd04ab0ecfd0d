"use client";

import { PageError, type PageErrorProps } from "@/components/console/page-error";

export default function AgentError({ error, retry }: Omit<PageErrorProps, "back">) {
  return <PageError error={error} retry={retry} back={{ href: "/agents", label: "Back to agents" }} />;
}
