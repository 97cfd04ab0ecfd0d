"use client";

import { PageError, type PageErrorProps } from "@/components/console/page-error";

export default function ConsoleError({ error, retry }: Omit<PageErrorProps, "back">) {
  return <PageError error={error} retry={retry} back={{ href: "/usage", label: "Back to Usage" }} />;
}
