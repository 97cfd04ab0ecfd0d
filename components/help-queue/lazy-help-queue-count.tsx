"use client";

import dynamic from "next/dynamic";

/** The navigation's count shows nothing until a visitor asks for help: its polling can load after the page. */
export const LazyHelpQueueCount = dynamic(() => import("./help-queue-count").then((module) => module.HelpQueueCount), { ssr: false });
