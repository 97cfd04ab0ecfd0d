"use client";

import dynamic from "next/dynamic";
import { HelpQueueLoading } from "./help-queue-frame";

/** The help queue polls from the browser anyway: its code loads after the page, in a box of the same size. */
export const LazyHelpQueuePanel = dynamic(() => import("./help-queue-panel").then((module) => module.HelpQueuePanel), {
  ssr: false,
  loading: () => <HelpQueueLoading />,
});
